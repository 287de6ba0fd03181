// `node --import` this file to run a process in which importing an optional agent SDK (the AI
// SDK, the OpenAI Agents SDK, Anthropic's SDK) is an error: what a user without them has.
import { register } from 'node:module'

register('./deny-sdks-hooks.mjs', import.meta.url)
