// Tool use across turns, two ways: (a) a model over the OpenAI-compatible API given tools (its
// calls recorded; the tools run for real on every replay), and (b) your own agent function as the
// answering side, which needs no model and no recording.
import { describe, expect, vi } from 'vitest'
import {
  type AgentReply,
  allTurns,
  booleanMatch,
  type ChatMessage,
  defineTemplate,
  END,
  exactMatch,
  type Scenario,
  scenario,
  setContainment,
  type ToolCallRecord,
  tool,
} from 'vitest-scenario'
import { z } from 'zod'

/** The data behind the tools: a tiny formulary. */
const formulary: Record<string, { target: string; approvals: string[]; metabolism: string }> = {
  venetoclax: { target: 'BCL2', approvals: ['CLL', 'SLL', 'AML'], metabolism: 'CYP3A' },
  ibrutinib: { target: 'BTK', approvals: ['CLL', 'MCL', 'WM', 'cGVHD'], metabolism: 'CYP3A' },
}

const strongCyp3aInhibitors = ['ketoconazole', 'itraconazole', 'clarithromycin', 'ritonavir']

const tools = {
  lookupDrug: tool({
    description: 'Looks a drug up in the formulary: its target, approvals and metabolism.',
    parameters: z.object({ name: z.string().describe('The generic name, lowercase.') }),
    execute: ({ name }) => formulary[name] ?? { error: `No drug named '${name}' in the formulary` },
  }),
  checkInteraction: tool({
    description: 'Checks whether two drugs interact, and how severely.',
    parameters: z.object({
      drug: z.string().describe('The drug the patient takes.'),
      other: z.string().describe('The drug to add.'),
    }),
    execute: ({ drug, other }) =>
      formulary[drug]?.metabolism === 'CYP3A' && strongCyp3aInhibitors.includes(other)
        ? {
            severity: 'major',
            reason: `${other} strongly inhibits CYP3A, which clears ${drug}`,
          }
        : { severity: 'none' },
  }),
}

const formularyQuestions = (s: Scenario) =>
  s
    .addNode('target', {
      question: {
        question: 'Using the formulary, what is the primary target of venetoclax?',
        template: defineTemplate({
          schema: z.object({ target: z.string().describe('The protein named as the target.') }),
          groundTruth: { target: 'BCL2' },
          verify: { target: exactMatch() },
        }),
      },
    })
    .addNode('interaction', {
      question: {
        question:
          'My patient takes venetoclax and has just been prescribed ketoconazole for a fungal infection. Is that combination a problem?',
        template: defineTemplate({
          schema: z.object({
            flags_interaction: z
              .boolean()
              .describe('The response warns that the two drugs interact.'),
          }),
          groundTruth: { flags_interaction: true },
          verify: { flags_interaction: booleanMatch() },
        }),
      },
    })
    .addNode('recall', {
      question: {
        question:
          'Without looking anything up again: which of the two drugs we discussed is the CYP3A inhibitor?',
        template: defineTemplate({
          schema: z.object({ inhibitor: z.string().describe('The drug named as the inhibitor.') }),
          groundTruth: { inhibitor: 'ketoconazole' },
        }),
      },
      // No tools at this node: the model must answer from the conversation.
      toolFilter: { remove: ['lookupDrug', 'checkInteraction'] },
    })
    .addEdge('target', 'interaction')
    .addEdge('interaction', 'recall')
    .addEdge('recall', END)
    .setEntry('target')
    .addOutcome('all_right', allTurns({ verifyResult: true }))

describe('(a) a model with tools', () => {
  scenario('looks drugs up before it answers', formularyQuestions, async ({ run }) => {
    const lookups = vi.spyOn(tools.lookupDrug, 'execute')
    const result = await run({ tools })

    expect(result).toHaveFollowedPath(['target', 'interaction', 'recall'])
    const [target, interaction, recall] = result.history
    expect(target?.toolCalls).toMatchObject([
      { name: 'lookupDrug', arguments: { name: 'venetoclax' }, result: { target: 'BCL2' } },
    ])
    expect(interaction?.toolCalls).toMatchObject([
      {
        name: 'checkInteraction',
        arguments: { drug: 'venetoclax', other: 'ketoconazole' },
        result: { severity: 'major' },
      },
    ])
    expect(recall?.toolCalls).toEqual([])
    // The turn's messages: the assistant's tool call, the tool's result, the final answer.
    expect(target?.messages.map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant'])
    // The tools ran in this process, also when the model's answers were replayed.
    expect(lookups).toHaveBeenCalledWith(
      { name: 'venetoclax' },
      expect.objectContaining({ nodeId: 'target', turn: 0 }),
    )
  })
})

/**
 * The app under test: a formulary assistant with its own tool loop. Here it is a few lines of
 * rules; in your project it is your agent, called once per turn with the conversation so far.
 */
async function formularyAssistant(conversation: ChatMessage[]): Promise<AgentReply> {
  const question = String(conversation.at(-1)?.content ?? '').toLowerCase()
  const named = Object.keys(formulary).filter((name) => question.includes(name))
  const toolCalls: ToolCallRecord[] = named.map((name, i) => ({
    id: `lookup-${i + 1}`,
    name: 'lookupDrug',
    arguments: { name },
    result: formulary[name],
  }))
  const messages: ChatMessage[] = [
    {
      role: 'assistant',
      content: null,
      tool_calls: toolCalls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      })),
    },
    ...toolCalls.map(
      (call): ChatMessage => ({
        role: 'tool',
        tool_call_id: call.id,
        content: JSON.stringify(call.result),
      }),
    ),
  ]
  const facts = named.map((name) => `${name} targets ${formulary[name]?.target}`)
  return {
    content: facts.length === 0 ? 'That drug is not in the formulary.' : `${facts.join('; ')}.`,
    messages: toolCalls.length === 0 ? [] : messages,
    toolCalls,
  }
}

/** Reads the targets out of the answer: no judge model, so nothing to record. */
const targets = defineTemplate({
  schema: z.object({ targets: z.array(z.string()) }),
  parse: (raw) => ({ targets: [...raw.matchAll(/targets (\w+)/g)].map((m) => m[1] ?? '') }),
  groundTruth: { targets: ['BCL2', 'BTK'] },
  verify: { targets: setContainment('exact') },
})

describe('(b) your own agent as the model', () => {
  scenario(
    'looks both drugs up and names both targets',
    { model: formularyAssistant },
    (s) =>
      s
        .addNode('compare', {
          question: {
            question: 'Which proteins do venetoclax and ibrutinib target?',
            template: targets,
          },
        })
        .addEdge('compare', END)
        .setEntry('compare')
        .addOutcome('both_targets', allTurns({ verifyResult: true })),
    async ({ run }) => {
      const result = await run()
      expect(result).toHaveStatus('completed')
      expect(result.history[0]?.toolCalls.map((call) => call.arguments)).toEqual([
        { name: 'venetoclax' },
        { name: 'ibrutinib' },
      ])
      expect(result.usage.input).toBe(0)
    },
  )
})
