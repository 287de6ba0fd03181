import { expect, test } from 'vitest'
import { looksLikeModelCall } from '../../src/seal/model-call.js'

test('a model call is a known provider host or a model API path', () => {
  for (const url of [
    'https://api.openai.com/v1/files',
    'https://my-resource.openai.azure.com/openai/deployments/x/chat/completions?api-version=1',
    'https://api.anthropic.com/v1/messages',
    'https://generativelanguage.googleapis.com/v1beta/models',
    'https://us-central1-aiplatform.googleapis.com/v1/projects/p',
    'https://api.mistral.ai/v1/models',
    'https://api.groq.com/openai/v1/models',
    'https://openrouter.ai/api/v1/models',
    'https://api.together.xyz/v1/models',
    'https://api.together.ai/v1/models',
    'https://api.fireworks.ai/inference/v1/models',
    'https://api.deepseek.com/models',
    'https://api.x.ai/v1/models',
    'https://api.cohere.com/v2/chat',
    'https://api.cohere.ai/v1/chat',
    'https://bedrock-runtime.eu-west-1.amazonaws.com/model/m/converse',
    'https://gateway.example.com/v1/chat/completions',
    'https://gateway.example.com/v1/responses/',
    'https://gateway.example.com/v1/messages',
    'https://gateway.example.com/v1beta/models/gemini:generateContent',
  ]) {
    expect(looksLikeModelCall(new URL(url)), url).toBe(true)
  }
  for (const url of [
    'https://api.example.com/weather',
    'https://api.example.com/v1/chat/completions/extra',
    'https://bedrock.eu-west-1.amazonaws.com/foundation-models',
    'https://openai.com/',
  ]) {
    expect(looksLikeModelCall(new URL(url)), url).toBe(false)
  }
})
