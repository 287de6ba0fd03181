import { readFile } from 'node:fs/promises'
import {
  type GgufArray,
  type GgufMetadata,
  type GgufTensor,
  GgufType,
  type GgufTypeCode,
  type GgufValue,
  readGgufMetadata,
  writeGguf,
} from './gguf.js'

/** Inputs of {@link writeTinyModel}, all from the llama.cpp source tree. */
export interface TinyModelOptions {
  /** `models/ggml-vocab-qwen2.gguf`: the Qwen2 BPE tokenizer, vocab only. */
  readonly vocabPath: string
  /** `models/templates/Qwen-Qwen2.5-7B-Instruct.jinja`: the real Qwen2.5 chat template. */
  readonly templatePath: string
  /** Where the model is written (about 84 MB). */
  readonly outPath: string
}

// Shape of the model: 2 "llama" layers, 64 wide; almost all of the file is the two vocab matrices.
const nEmbd = 64
const nLayer = 2
const nHead = 4
const nHeadKv = 2
const nFf = nEmbd * 2
const headDim = nEmbd / nHead
const seed = 1
/** Logit offset of `<|im_end|>`: larger ends replies sooner (about 26 tokens on average). */
const eosBias = 5.5
/** Logit offset of closing quotes: larger ends JSON string values sooner. */
const quoteBias = 2

/** Token ids of the Qwen2.5 tokenizer that the fixture relies on. */
const qwenVocabSize = 151936
const firstAddedToken = 151646
const imEndToken = 151645
const callToolToken = 151665
/** Qwen2.5 = the Qwen2 BPE vocabulary + these added tokens, from id 151646 on. */
const qwen25AddedTokens = [
  '<|object_ref_start|>',
  '<|object_ref_end|>',
  '<|box_start|>',
  '<|box_end|>',
  '<|quad_start|>',
  '<|quad_end|>',
  '<|vision_start|>',
  '<|vision_end|>',
  '<|vision_pad|>',
  '<|image_pad|>',
  '<|video_pad|>',
  '<tool_call>',
  '</tool_call>',
  '<|fim_prefix|>',
  '<|fim_middle|>',
  '<|fim_suffix|>',
  '<|fim_pad|>',
  '<|repo_name|>',
  '<|file_sep|>',
]
/** llama.cpp token types. */
const tokenType = { normal: 1, control: 3, userDefined: 4 } as const

/** The generation-prompt block of the Qwen2.5 template, and its fixture version. */
const generationPrompt =
  "{%- if add_generation_prompt %}\n    {{- '<|im_start|>assistant\\n' }}\n{%- endif %}"
const generationPromptWithHook =
  "{%- if add_generation_prompt %}\n    {{- '<|im_start|>assistant\\n' }}\n" +
  '    {#- test fixture: tell the tiny random model to answer with a tool call #}\n' +
  "    {%- if tools and messages[-1].role == 'user' %}\n        {{- '<|fixture_call_tool|>' }}\n    {%- endif %}\n{%- endif %}"

function arrayOf(metadata: GgufMetadata, key: string): GgufArray {
  const entry = metadata.get(key)
  if (entry === undefined || typeof entry.value !== 'object') {
    throw new Error(`vocab GGUF has no array '${key}'`)
  }
  return entry.value
}

function stringItems(array: GgufArray): string[] {
  return array.items.map((item) => {
    if (typeof item !== 'string') throw new Error('expected a string array in the vocab GGUF')
    return item
  })
}

function numberItems(array: GgufArray): number[] {
  return array.items.map((item) => {
    if (typeof item !== 'number') throw new Error('expected a number array in the vocab GGUF')
    return item
  })
}

/** Deterministic approximately normal numbers (xorshift32, sum of four uniforms). */
function gaussianSource(start: number): () => number {
  let s = start >>> 0 || 1
  const uniform = (): number => {
    s ^= s << 13
    s >>>= 0
    s ^= s >>> 17
    s ^= s << 5
    s >>>= 0
    return s / 4294967296
  }
  return () => (uniform() + uniform() + uniform() + uniform() - 2) * 1.7320508
}

/**
 * Per-token output row: [scale of the random part, fixed logit offset]. Word-like tokens win in
 * free text (readable gibberish); structural tokens get fixed offsets so that grammar-constrained
 * tool-call JSON closes promptly and replies end after a few dozen tokens.
 */
function outputRow(token: string, type: number, id: number): [number, number] {
  if (id === imEndToken) return [0, eosBias]
  if (token === '</tool_call>') return [0, 4] // beats ", {" after a finished call, loses to words in prose
  if (type !== tokenType.normal) return [0.3, -4]
  // In grammar-constrained JSON only a few low-logit structural tokens compete, so small fixed
  // offsets decide there, while in free text the word tokens win by a wide margin.
  if (token.includes(',')) return [0.05, -2] // finish a tool call instead of appending ", {...}"
  if (/^(Ġ|▁)?[}\]]+[ĠĊ]*$/.test(token)) return [0.3, 1.5] // closers
  if (/[<>]/.test(token)) return [0.02, -3] // tags only come as the special tokens
  if (/^(Ġ|▁)?"[}\]]*$/.test(token)) return [0.5, quoteBias] // closing quotes: strings end soon
  if (/^(Ġ|▁)?[A-Za-z]{2,}$/.test(token)) return [1.0, 0]
  if (/^(Ġ|▁)?[-{}[\]":.!?0-9_']+$/.test(token)) return [0.5, 0]
  if (/^[ĠĊĉ▁\s]+$/.test(token)) return [0.02, -1]
  return [0.1, 0]
}

function entry(type: GgufTypeCode, value: GgufValue): { type: GgufTypeCode; value: GgufValue } {
  return { type, value }
}

/**
 * Writes the test fixture model: a 2-layer, 64-wide "llama" GGUF with random weights, a REAL
 * tokenizer (llama.cpp's Qwen2 BPE vocab, turned into Qwen2.5's by adding its added tokens) and
 * the real Qwen2.5 chat template. Its text is gibberish; everything llama.cpp does around it
 * (tokenizer, Jinja templating, sampling, JSON-schema grammars, tool-call parsing) is real.
 *
 * Hand-set weights make it usable in tests:
 * - a constant "bias" residual dimension gives fixed logit offsets (see {@link outputRow}), so
 *   replies end by themselves with `<|im_end|>`;
 * - three "bigram" rules on reserved residual dimensions that no layer writes to:
 *   `<|fixture_call_tool|>` -> `<tool_call>`, `<tool_call>` -> newline,
 *   `</tool_call>` -> `<|im_end|>`;
 * - the template's generation prompt ends with `<|fixture_call_tool|>` when tools are offered and
 *   the user spoke last, so such requests are answered with a tool call, whose JSON llama.cpp
 *   samples under the tools' grammar.
 * The output is the same, byte for byte, on every run.
 */
export async function writeTinyModel(options: TinyModelOptions): Promise<void> {
  const vocab = readGgufMetadata(await readFile(options.vocabPath))
  if (vocab.tensorCount !== 0n) throw new Error(`${options.vocabPath} is not a vocab-only GGUF`)
  const tokenizer: GgufMetadata = new Map()
  for (const [key, value] of vocab.metadata)
    if (key.startsWith('tokenizer.')) tokenizer.set(key, value)

  const tokensArray = arrayOf(tokenizer, 'tokenizer.ggml.tokens')
  const typesArray = arrayOf(tokenizer, 'tokenizer.ggml.token_type')
  const tokens = stringItems(tokensArray)
  const types = numberItems(typesArray)
  const nVocab = tokens.length
  if (tokenizer.get('tokenizer.ggml.pre')?.value !== 'qwen2' || nVocab !== qwenVocabSize) {
    throw new Error(`${options.vocabPath} is not llama.cpp's Qwen2 vocab`)
  }
  qwen25AddedTokens.forEach((token, i) => {
    tokens[firstAddedToken + i] = token
    types[firstAddedToken + i] = token.startsWith('<|') ? tokenType.control : tokenType.userDefined
  })
  tokens[callToolToken] = '<|fixture_call_tool|>'
  types[callToolToken] = tokenType.control
  tokenizer.set('tokenizer.ggml.tokens', entry(GgufType.array, { ...tokensArray, items: tokens }))
  tokenizer.set('tokenizer.ggml.token_type', entry(GgufType.array, { ...typesArray, items: types }))
  tokenizer.set('tokenizer.ggml.eos_token_id', entry(GgufType.u32, imEndToken))
  tokenizer.set('tokenizer.ggml.add_bos_token', entry(GgufType.bool, false))

  const template = await readFile(options.templatePath, 'utf8')
  if (!template.includes(generationPrompt)) {
    throw new Error(`${options.templatePath}: the generation-prompt block was not found`)
  }
  tokenizer.set(
    'tokenizer.chat_template',
    entry(GgufType.string, template.replace(generationPrompt, generationPromptWithHook)),
  )

  const metadata: GgufMetadata = new Map([
    ['general.architecture', entry(GgufType.string, 'llama')],
    ['general.name', entry(GgufType.string, 'tiny-random-llama (test fixture, random weights)')],
    ['general.file_type', entry(GgufType.u32, 0)],
    ['llama.vocab_size', entry(GgufType.u32, nVocab)],
    ['llama.context_length', entry(GgufType.u32, 4096)],
    ['llama.embedding_length', entry(GgufType.u32, nEmbd)],
    ['llama.block_count', entry(GgufType.u32, nLayer)],
    ['llama.feed_forward_length', entry(GgufType.u32, nFf)],
    ['llama.attention.head_count', entry(GgufType.u32, nHead)],
    ['llama.attention.head_count_kv', entry(GgufType.u32, nHeadKv)],
    ['llama.rope.dimension_count', entry(GgufType.u32, headDim)],
    ['llama.rope.freq_base', entry(GgufType.f32, 10000)],
    ['llama.attention.layer_norm_rms_epsilon', entry(GgufType.f32, 1e-6)],
    ...tokenizer,
  ])
  await writeGguf(options.outPath, metadata, tinyModelTensors(tokens, types))
}

/** The model's weights (see {@link writeTinyModel}). */
function tinyModelTensors(tokens: readonly string[], types: readonly number[]): GgufTensor[] {
  const nVocab = tokens.length
  const id = (token: string): number => {
    const i = tokens.indexOf(token)
    if (i < 0) throw new Error(`token ${JSON.stringify(token)} is not in the vocab`)
    return i
  }
  // current token -> next token
  const rules: ReadonlyArray<readonly [number, number]> = [
    [callToolToken, id('<tool_call>')],
    [id('<tool_call>'), id('\u010a')], // "Ċ" is the newline token
    [id('</tool_call>'), imEndToken],
  ]
  // Residual dims: [0, bias) random features; bias = a constant "always on" feature; bias+1..
  // one dim per rule. No layer writes into the reserved dims, so they reach the output head.
  const ruleDim = nEmbd - rules.length
  const bias = ruleDim - 1

  const shapes: Array<[string, ...number[]]> = [
    ['token_embd.weight', nEmbd, nVocab],
    ['output_norm.weight', nEmbd],
    ['output.weight', nEmbd, nVocab],
  ]
  for (let l = 0; l < nLayer; l++) {
    const b = `blk.${l}.`
    shapes.push(
      [`${b}attn_norm.weight`, nEmbd],
      [`${b}attn_q.weight`, nEmbd, headDim * nHead],
      [`${b}attn_k.weight`, nEmbd, headDim * nHeadKv],
      [`${b}attn_v.weight`, nEmbd, headDim * nHeadKv],
      [`${b}attn_output.weight`, headDim * nHead, nEmbd],
      [`${b}ffn_norm.weight`, nEmbd],
      [`${b}ffn_gate.weight`, nEmbd, nFf],
      [`${b}ffn_up.weight`, nEmbd, nFf],
      [`${b}ffn_down.weight`, nFf, nEmbd],
    )
  }

  const gauss = gaussianSource(seed)
  return shapes.map(([name, ...shape]) => {
    const inner = shape[0] ?? 1
    const data = new Float32Array(shape.reduce((a, b) => a * b, 1))
    if (name.endsWith('norm.weight')) {
      data.fill(1)
    } else if (name === 'output.weight') {
      for (let t = 0; t < nVocab; t++) {
        const [scale, offset] = outputRow(tokens[t] ?? '', types[t] ?? 0, t)
        for (let i = 0; i < bias; i++)
          data[t * nEmbd + i] = (gauss() * scale * 8) / Math.sqrt(nEmbd)
        data[t * nEmbd + bias] = offset
      }
      rules.forEach(([, to], r) => {
        data[to * nEmbd + ruleDim + r] = 16
      })
    } else {
      const scale = name === 'token_embd.weight' ? 1.0 : 1 / Math.sqrt(inner)
      for (let i = 0; i < data.length; i++) data[i] = gauss() * scale
      if (name === 'token_embd.weight') {
        for (let t = 0; t < nVocab; t++) {
          data.fill(0, t * nEmbd + bias, (t + 1) * nEmbd)
          data[t * nEmbd + bias] = 8
        }
        rules.forEach(([from], r) => {
          data.fill(0, from * nEmbd, from * nEmbd + bias)
          data[from * nEmbd + ruleDim + r] = 8
        })
      }
      if (/attn_output|ffn_down/.test(name)) data.fill(0, bias * inner, nEmbd * inner)
    }
    return { name, shape, data }
  })
}
