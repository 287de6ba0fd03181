export {
  type ConversationSerializer,
  conversationSerializer,
  createConversationSerializer,
  type SnapshotLocation,
} from './conversation-serializer.js'
export { renderConversation, renderResultSet } from './render-conversation.js'
