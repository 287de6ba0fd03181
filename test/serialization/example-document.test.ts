import { expect, test } from 'vitest'
import { exampleDefinition } from './support/example-scenario.js'

// A document written out in full, to read: every feature of the format in one scenario.
test('the example document, written out in full', () => {
  expect(JSON.stringify(exampleDefinition(), null, 2)).toMatchInlineSnapshot(`
    "{
      "formatVersion": 1,
      "kind": "vitest-scenario.definition",
      "name": "drug-identification",
      "description": "Keeps its answer under pushback",
      "entryNode": "ask",
      "nodes": [
        {
          "id": "ask",
          "question": {
            "question": "Which drug inhibits BCL-2?",
            "rawAnswer": "venetoclax",
            "template": {
              "schema": {
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "type": "object",
                "properties": {
                  "drug": {
                    "type": "string",
                    "description": "The drug named in the answer"
                  },
                  "dose": {
                    "type": [
                      "number",
                      "null"
                    ]
                  }
                },
                "required": [
                  "drug",
                  "dose"
                ],
                "additionalProperties": false
              },
              "groundTruth": {
                "drug": "venetoclax"
              },
              "verify": {
                "drug": {
                  "type": "ExactMatch",
                  "normalize": [
                    "lowercase",
                    "strip"
                  ]
                }
              },
              "parse": {
                "callable": "parseDrug",
                "at": "nodes.ask.question.template.parse"
              }
            },
            "rubric": {
              "traits": [
                {
                  "type": "RegexTrait",
                  "name": "names-bcl2",
                  "pattern": "BCL-?2",
                  "flags": "i",
                  "invert": false
                },
                {
                  "type": "CallableTrait",
                  "name": "short",
                  "fn": {
                    "callable": "isShort",
                    "at": "nodes.ask.question.rubric.traits.1.fn"
                  }
                },
                {
                  "type": "LlmTrait",
                  "name": "confidence",
                  "description": "How sure is it?",
                  "kind": "score",
                  "min": 1,
                  "max": 5
                }
              ]
            },
            "id": "q-bcl2"
          },
          "metadata": {
            "topic": "oncology",
            "tags": [
              "bcl2"
            ]
          }
        },
        {
          "id": "retry",
          "question": "Are you sure? Think again.",
          "modelOverride": {
            "answering": {
              "temperature": 0,
              "systemPrompt": "Be brief."
            }
          },
          "toolFilter": {
            "remove": [
              "search"
            ]
          },
          "stateUpdate": {
            "callable": "countTries",
            "at": "nodes.retry.stateUpdate"
          }
        }
      ],
      "edges": [
        {
          "source": "ask",
          "target": "retry",
          "when": {
            "verifyResult": false,
            "parsed.dose": {
              "gte": 1
            }
          }
        },
        {
          "source": "ask",
          "target": "__end__"
        },
        {
          "source": "retry",
          "target": "__end__",
          "when": [
            {
              "callable": "triedTwice",
              "at": "edges.2.when.0"
            },
            {
              "type": "StateCheck",
              "field": "accumulated.tries",
              "verifyWith": {
                "type": "NumericRange",
                "min": 2,
                "exclusiveMin": false,
                "exclusiveMax": false
              }
            }
          ]
        },
        {
          "source": "retry",
          "target": "retry",
          "when": {
            "callable": "",
            "at": "edges.3.when"
          }
        },
        {
          "source": "retry",
          "target": "__end__"
        }
      ],
      "outcomeCriteria": [
        {
          "name": "kept-answer",
          "description": "Still right",
          "check": {
            "type": "TurnCheck",
            "scope": {
              "type": "LastTurn"
            },
            "field": "verifyResult",
            "expected": true,
            "verifyWith": {
              "type": "BooleanMatch"
            }
          }
        },
        {
          "name": "completed",
          "description": "",
          "check": {
            "type": "ResultCheck",
            "field": "status",
            "expected": "completed",
            "verifyWith": {
              "type": "ExactMatch",
              "normalize": [
                "lowercase",
                "strip"
              ]
            }
          }
        },
        {
          "name": "short-run",
          "description": "",
          "evaluate": {
            "callable": "",
            "at": "outcomeCriteria.short-run.evaluate"
          }
        }
      ]
    }"
  `)
})
