export {
  type ScriptedModel,
  type ScriptedReply,
  type ScriptedReplyFunction,
  scriptedModel,
} from './scripted-model.js'
