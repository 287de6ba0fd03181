import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { type GgufMetadata, GgufType, readGgufMetadata, writeGguf } from '../support/llama/gguf.js'

const dir = await mkdtemp(join(tmpdir(), 'vitest-scenario-gguf-'))
afterAll(() => rm(dir, { recursive: true, force: true }))

test('GGUF metadata of every type survives a write and a read, and tensors are aligned', async () => {
  const metadata: GgufMetadata = new Map([
    ['general.architecture', { type: GgufType.string, value: 'llama ✓' }],
    ['a.u8', { type: GgufType.u8, value: 255 }],
    ['a.i8', { type: GgufType.i8, value: -128 }],
    ['a.u16', { type: GgufType.u16, value: 65535 }],
    ['a.i16', { type: GgufType.i16, value: -32768 }],
    ['a.u32', { type: GgufType.u32, value: 4294967295 }],
    ['a.i32', { type: GgufType.i32, value: -2147483648 }],
    ['a.f32', { type: GgufType.f32, value: 0.5 }],
    ['a.bool', { type: GgufType.bool, value: true }],
    ['a.u64', { type: GgufType.u64, value: 2n ** 64n - 1n }],
    ['a.i64', { type: GgufType.i64, value: -(2n ** 63n) }],
    ['a.f64', { type: GgufType.f64, value: Math.PI }],
    [
      'a.strings',
      { type: GgufType.array, value: { elementType: GgufType.string, items: ['x', ''] } },
    ],
    ['a.ints', { type: GgufType.array, value: { elementType: GgufType.i32, items: [1, -2, 3] } }],
  ])
  const path = join(dir, 'all-types.gguf')
  const data = Float32Array.from([1, 2, 3])
  await writeGguf(path, metadata, [{ name: 't', shape: [3], data }])
  const file = await readFile(path)
  const read = readGgufMetadata(file)
  expect(read.tensorCount).toBe(1n)
  expect(read.metadata).toEqual(metadata)
  // The data section starts at a 32-byte boundary and holds the floats as written.
  expect(file.length % 32).toBe(0)
  const values = new Float32Array(
    file.buffer.slice(file.byteOffset + file.length - 32, file.byteOffset + file.length - 20),
  )
  expect([...values]).toEqual([1, 2, 3])
})

test('a value of the wrong type is refused', async () => {
  const metadata: GgufMetadata = new Map([['bad', { type: GgufType.u32, value: 'text' }]])
  await expect(writeGguf(join(dir, 'bad.gguf'), metadata, [])).rejects.toThrow(/does not fit/)
})
