export { type ConversationSerializer, conversationSerializer } from './conversation-serializer.js'
export { renderConversation, renderResultSet } from './render-conversation.js'
