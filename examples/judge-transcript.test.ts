// A conversation judge with several criteria, tested on a fixed transcript.
//
// Ports LangWatch Scenario's vegetarian-recipe example, in the form its docs give for testing
// the judge itself: both sides scripted (`scenario.user(...)`, `scenario.agent(...)`), then
// `judgeAgent({ criteria })`. What differs: the transcript is a seed (messages before the first
// turn) and nodes with scripted `answer`s, so no agent is called; the assistant's first turn
// answers the seeded request with no new user message (`question: null`); the judge gives each
// criterion its own verdict and reasoning, read in `result.judgements`; and one criterion the
// transcript breaks (fish sauce is not vegetarian) is asserted unmet, with its reasoning.
import { expect } from 'vitest'
import { type ChatMessage, END, judge, scenario } from 'vitest-scenario'

/** The conversation before the first turn: the assistant greeted, the user asked. */
const seed: ChatMessage[] = [
  {
    role: 'assistant',
    content: "Hi, I'm Basil, your recipe assistant. What are you in the mood for?",
  },
  { role: 'user', content: "Something warm and quick for dinner. I'm vegetarian." },
]

const recipe = `Chickpea and spinach stew (serves 2, 20 minutes)

Ingredients:
- 1 tin chickpeas (400 g), drained
- 200 g fresh spinach
- 1 tin chopped tomatoes (400 g)
- 1 onion and 2 garlic cloves, chopped
- 1 tsp ground cumin, 1 tsp smoked paprika, salt, olive oil

Steps:
1. Soften the onion in a little oil over medium heat, about 5 minutes.
2. Add the garlic, cumin and paprika and stir for 1 minute.
3. Add the tomatoes and chickpeas and simmer for 10 minutes.
4. Stir in the spinach until it wilts, season with salt and serve.`

const recipeCriteria = [
  'The agent asks at most two follow-up questions before it gives a recipe',
  'The recipe lists its ingredients',
  'The recipe gives step-by-step cooking instructions',
]
const vegetarian = 'Everything the agent suggests is vegetarian: no meat and no fish'

scenario(
  'a judge over a scripted recipe conversation',
  // The vegetarian criterion fails on purpose: the body asserts that it does.
  { seed, assertOutcomes: false },
  (s) =>
    s
      // The seed ends with the user's request: the assistant answers it, with no new question.
      .addNode('clarify', {
        question: null,
        answer:
          'Happy to help! How much time do you have, and is there anything you want to use up?',
      })
      .addNode('recipe', {
        question: 'About 20 minutes. I have chickpeas, spinach and a tin of tomatoes.',
        answer: recipe,
      })
      .addNode('spicier', {
        question: 'Sounds great. How could I make it spicier?',
        answer:
          'Add a chopped red chili with the garlic, or a pinch of chili flakes. A dash of fish sauce at the end also gives it a savoury kick.',
      })
      .addEdge('clarify', 'recipe')
      .addEdge('recipe', 'spicier')
      .addEdge('spicier', END)
      .setEntry('clarify')
      .addOutcome('good recipe', judge(recipeCriteria))
      .addOutcome('vegetarian', judge([vegetarian])),
  async ({ run }) => {
    const result = await run()
    // No agent was called: every answer is scripted.
    expect(result.history.every((turn) => turn.scripted)).toBe(true)
    expect(result.history[0]?.questionText).toBeNull()
    expect(result.usage.answering.input).toBe(0)

    // Each criterion has its own verdict and the judge's reasoning, quoting its evidence.
    expect(result.outcomeResults['good recipe']).toBe(true)
    expect(result.judgements['good recipe']).toEqual({
      verdict: 'pass',
      criteria: recipeCriteria.map((criterion) => ({
        criterion,
        verdict: 'met',
        reasoning: expect.stringMatching(/^Turn \d/),
      })),
    })
    // The judge read the transcript, not the scenario: the fish sauce breaks the diet.
    expect(result.outcomeResults.vegetarian).toBe(false)
    expect(result.judgements.vegetarian).toEqual({
      verdict: 'fail',
      criteria: [
        { criterion: vegetarian, verdict: 'unmet', reasoning: expect.stringMatching(/fish sauce/) },
      ],
    })
    expect(result).toPassOutcomes(['good recipe'])
    expect(result).not.toPassOutcomes(['vegetarian'])

    // The same judge, ad hoc in the body (one more recorded call per criterion list).
    await expect(result).toSatisfyJudge([
      'The agent answers the question about making the dish spicier',
    ])
    await expect(result).not.toSatisfyJudge([vegetarian])
    expect(result.usage.judging.input).toBeGreaterThan(0)
  },
)
