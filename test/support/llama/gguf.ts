import { open } from 'node:fs/promises'

/** GGUF metadata value types (`gguf_type` in ggml). */
export const GgufType = {
  u8: 0,
  i8: 1,
  u16: 2,
  i16: 3,
  u32: 4,
  i32: 5,
  f32: 6,
  bool: 7,
  string: 8,
  array: 9,
  u64: 10,
  i64: 11,
  f64: 12,
} as const

/** One of the {@link GgufType} codes. */
export type GgufTypeCode = (typeof GgufType)[keyof typeof GgufType]

/** A GGUF array: its element type and its items. */
export interface GgufArray {
  readonly elementType: GgufTypeCode
  readonly items: GgufValue[]
}

/** A metadata value: numbers for the 8-32 bit and float types, bigint for 64-bit integers. */
export type GgufValue = number | bigint | boolean | string | GgufArray

/** A typed metadata value. */
export interface GgufEntry {
  readonly type: GgufTypeCode
  readonly value: GgufValue
}

/** A GGUF file's metadata, in file order. */
export type GgufMetadata = Map<string, GgufEntry>

/** An F32 tensor to write; `shape` is ggml's order (fastest-varying dimension first). */
export interface GgufTensor {
  readonly name: string
  readonly shape: readonly number[]
  readonly data: Float32Array
}

/** Tensor data alignment (`general.alignment`'s default). */
const alignment = 32
const ggmlTypeF32 = 0

function isTypeCode(code: number): code is GgufTypeCode {
  return Number.isInteger(code) && code >= 0 && code <= 12
}

/**
 * Reads the metadata of a GGUF v3 file (the header and key/values; tensor infos are not read).
 * Enough for llama.cpp's vocab-only files, which have no tensors.
 */
export function readGgufMetadata(file: Buffer): { tensorCount: bigint; metadata: GgufMetadata } {
  if (file.toString('latin1', 0, 4) !== 'GGUF') throw new Error('not a GGUF file')
  let pos = 4
  const u32 = (): number => {
    const v = file.readUInt32LE(pos)
    pos += 4
    return v
  }
  const u64 = (): bigint => {
    const v = file.readBigUInt64LE(pos)
    pos += 8
    return v
  }
  const string = (): string => {
    const length = Number(u64())
    const s = file.toString('utf8', pos, pos + length)
    pos += length
    return s
  }
  const typeCode = (): GgufTypeCode => {
    const code = u32()
    if (!isTypeCode(code)) throw new Error(`unknown GGUF value type ${code} at byte ${pos - 4}`)
    return code
  }
  const value = (type: GgufTypeCode): GgufValue => {
    const at = pos
    switch (type) {
      case GgufType.u8:
        pos += 1
        return file.readUInt8(at)
      case GgufType.i8:
        pos += 1
        return file.readInt8(at)
      case GgufType.u16:
        pos += 2
        return file.readUInt16LE(at)
      case GgufType.i16:
        pos += 2
        return file.readInt16LE(at)
      case GgufType.u32:
        pos += 4
        return file.readUInt32LE(at)
      case GgufType.i32:
        pos += 4
        return file.readInt32LE(at)
      case GgufType.f32:
        pos += 4
        return file.readFloatLE(at)
      case GgufType.bool:
        pos += 1
        return file.readUInt8(at) !== 0
      case GgufType.string:
        return string()
      case GgufType.array: {
        const elementType = typeCode()
        const count = Number(u64())
        const items: GgufValue[] = new Array<GgufValue>(count)
        for (let i = 0; i < count; i++) items[i] = value(elementType)
        return { elementType, items }
      }
      case GgufType.u64:
        pos += 8
        return file.readBigUInt64LE(at)
      case GgufType.i64:
        pos += 8
        return file.readBigInt64LE(at)
      case GgufType.f64:
        pos += 8
        return file.readDoubleLE(at)
    }
  }
  const version = u32()
  if (version !== 3) throw new Error(`expected GGUF version 3, got ${version}`)
  const tensorCount = u64()
  const kvCount = Number(u64())
  const metadata: GgufMetadata = new Map()
  for (let i = 0; i < kvCount; i++) {
    const key = string()
    const type = typeCode()
    metadata.set(key, { type, value: value(type) })
  }
  return { tensorCount, metadata }
}

/** Collects little-endian bytes in large chunks. */
class ByteWriter {
  readonly chunks: Buffer[] = []
  private buffer = Buffer.allocUnsafe(1 << 20)
  private pos = 0
  length = 0

  private room(bytes: number): void {
    if (this.pos + bytes <= this.buffer.length) return
    this.flush()
    this.buffer = Buffer.allocUnsafe(Math.max(1 << 20, bytes))
  }

  flush(): void {
    if (this.pos > 0) this.chunks.push(this.buffer.subarray(0, this.pos))
    this.buffer = this.buffer.subarray(this.pos)
    this.pos = 0
  }

  /** Appends a buffer without copying it. */
  raw(bytes: Buffer): void {
    this.flush()
    this.chunks.push(bytes)
    this.length += bytes.length
  }

  zeros(count: number): void {
    this.room(count)
    this.buffer.fill(0, this.pos, this.pos + count)
    this.pos += count
    this.length += count
  }

  value(type: GgufTypeCode, v: GgufValue): void {
    const fail = (): never => {
      throw new Error(`GGUF value ${String(v)} does not fit type ${type}`)
    }
    const num = (): number => (typeof v === 'number' ? v : fail())
    const big = (): bigint =>
      typeof v === 'bigint' ? v : typeof v === 'number' ? BigInt(v) : fail()
    const size = [1, 1, 2, 2, 4, 4, 4, 1, 0, 0, 8, 8, 8][type] ?? 0
    this.room(size)
    const b = this.buffer
    const at = this.pos
    switch (type) {
      case GgufType.u8:
        b.writeUInt8(num(), at)
        break
      case GgufType.i8:
        b.writeInt8(num(), at)
        break
      case GgufType.u16:
        b.writeUInt16LE(num(), at)
        break
      case GgufType.i16:
        b.writeInt16LE(num(), at)
        break
      case GgufType.u32:
        b.writeUInt32LE(num(), at)
        break
      case GgufType.i32:
        b.writeInt32LE(num(), at)
        break
      case GgufType.f32:
        b.writeFloatLE(num(), at)
        break
      case GgufType.bool:
        b.writeUInt8(typeof v === 'boolean' ? Number(v) : fail(), at)
        break
      case GgufType.u64:
        b.writeBigUInt64LE(big(), at)
        break
      case GgufType.i64:
        b.writeBigInt64LE(big(), at)
        break
      case GgufType.f64:
        b.writeDoubleLE(num(), at)
        break
      case GgufType.string: {
        const s = typeof v === 'string' ? v : fail()
        const length = Buffer.byteLength(s, 'utf8')
        this.value(GgufType.u64, BigInt(length))
        this.room(length)
        this.buffer.write(s, this.pos, 'utf8')
        this.pos += length
        this.length += length
        return
      }
      case GgufType.array: {
        const array = typeof v === 'object' ? v : fail()
        this.value(GgufType.u32, array.elementType)
        this.value(GgufType.u64, BigInt(array.items.length))
        for (const item of array.items) this.value(array.elementType, item)
        return
      }
    }
    this.pos += size
    this.length += size
  }
}

const padding = (length: number): number => (alignment - (length % alignment)) % alignment

/**
 * Writes a GGUF v3 file with the given metadata (in order) and F32 tensors, aligned to 32 bytes.
 */
export async function writeGguf(
  path: string,
  metadata: GgufMetadata,
  tensors: readonly GgufTensor[],
): Promise<void> {
  const out = new ByteWriter()
  out.raw(Buffer.from('GGUF', 'latin1'))
  out.value(GgufType.u32, 3)
  out.value(GgufType.u64, BigInt(tensors.length))
  out.value(GgufType.u64, BigInt(metadata.size))
  for (const [key, { type, value }] of metadata) {
    out.value(GgufType.string, key)
    out.value(GgufType.u32, type)
    out.value(type, value)
  }
  let offset = 0
  for (const tensor of tensors) {
    const elements = tensor.shape.reduce((a, b) => a * b, 1)
    if (elements !== tensor.data.length) {
      throw new Error(
        `tensor ${tensor.name}: shape ${tensor.shape.join('x')} != ${tensor.data.length} values`,
      )
    }
    out.value(GgufType.string, tensor.name)
    out.value(GgufType.u32, tensor.shape.length)
    for (const dim of tensor.shape) out.value(GgufType.u64, BigInt(dim))
    out.value(GgufType.u32, ggmlTypeF32)
    out.value(GgufType.u64, BigInt(offset))
    offset += tensor.data.byteLength + padding(tensor.data.byteLength)
  }
  out.zeros(padding(out.length))
  for (const tensor of tensors) {
    out.raw(Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength))
    out.zeros(padding(tensor.data.byteLength))
  }
  out.flush()
  const handle = await open(path, 'w')
  try {
    for (const chunk of out.chunks) await handle.write(chunk)
  } finally {
    await handle.close()
  }
}
