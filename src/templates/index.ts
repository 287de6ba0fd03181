export { defineTemplate, isAnswerTemplate } from './define-template.js'
export { type ParseOutcome, parseWithTemplate } from './parse-answer.js'
export type {
  AnswerTemplate,
  FieldVerifiers,
  TemplateSchema,
  TemplateSpec,
  VerifyFunction,
} from './types.js'
export { verifyAnswer } from './verify-answer.js'
