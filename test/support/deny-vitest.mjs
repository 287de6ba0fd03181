// `node --import` this file to run a process in which importing vitest is an error.
import { register } from 'node:module'

register('./deny-vitest-hooks.mjs', import.meta.url)
