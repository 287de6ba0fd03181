// Public callables the fuzz table does not call, each with the reason. Everything else exported
// must have an entry in `api-table.ts`.

/** Callable → why the generic fuzz does not call it (and where it is covered instead). */
export const exclusions: Readonly<Record<string, string>> = {
  scenario:
    'registers a Vitest test, which cannot be done inside a running test: scenario-api.fuzz.test.ts fuzzes its argument checks while the file is collected',
  'ScenarioReporter#onInit':
    'a hook Vitest calls with its own Vitest object; users only construct the reporter (fuzzed as `new ScenarioReporter`)',
  'ScenarioReporter#onTestRunEnd':
    'a hook Vitest calls with its own test modules; malformed task meta is the reporter tests’ subject',
  'ScenarioReporter#writeReports':
    'called by onTestRunEnd with the entries it collected from Vitest; not a user API',
  recordedFetch:
    'a `fetch`: outside a test it goes to the network, whose failures are the platform’s own (a TypeError from `fetch` by contract); inside a test it is `recordingFetch` bound to the test’s session, which is fuzzed (recordings-e2e.test.ts runs it end to end)',
  'new default':
    "the node:test reporter class, constructed by node:test's --test-reporter (it makes the run's results folder and names it in the environment); its options are fuzzed through scenarioReporter, and node-test-host.test.ts runs it end to end",
  // The host core's parts for a runner like node:test: a host calls them with its own checked
  // values (a name through scenarioParts, rows through checkEachRows, its runner's flags), never
  // with a user's input as it is; node-test-core.test.ts tests each, node-test-host.test.ts runs
  // them end to end.
  eachName:
    'a host calls it with a name scenarioParts checked and rows checkEachRows checked (node-test-core.test.ts)',
  runnerMode:
    "a host calls it with its runner's update flag and the process environment (node-test-core.test.ts)",
  runHostTest:
    'runs a test body with its recordings and the network seal: a host calls it once per test (node-test-host.test.ts)',
  appendRecord:
    'writes into the folder an environment variable names: fuzzing it could write anywhere (node-test-core.test.ts)',
  appendFinishedTest:
    'writes into the folder an environment variable names, like appendRecord: fuzzing it could write anywhere (node-test-host.test.ts runs it end to end)',
  basicScenarioApi:
    "builds a host's scenario() over the host's own declare and todo functions, called once per host module with its runner's functions (node-test-host.test.ts runs it end to end)",
  openRecords:
    'makes a temporary folder and names it in the environment: a reporter calls it once (node-test-core.test.ts)',
  recordsReport:
    'reads the folder openRecords made and writes report files: a reporter calls it once (node-test-core.test.ts)',
  'default#_transform':
    "node:test's stream hook of the node:test reporter: node:test calls it with its own events",
  'default#_flush': "node:test's stream hook of the node:test reporter, called when the run ends",
  // The comparison views render a Comparison that `compare` built or its reader checked against
  // the compare.json schema (which the reader's own fuzzing covers); test/compare/views/ renders
  // hand-written comparisons with hostile text in every field a user or a model writes.
  comparisonText:
    'renders a Comparison built by compare or checked by its reader (test/compare/views/terminal.test.ts)',
  comparisonMarkdown:
    'renders a Comparison built by compare or checked by its reader; its limit option is refused below the summary size (test/compare/views/markdown.test.ts)',
  comparisonHtml:
    'renders a Comparison built by compare or checked by its reader (test/compare/views/html.test.ts, compare-html.browser.test.ts)',
  'RecordingSession#finished': 'a getter: it takes no argument, so there is no input to fuzz',
  'fileSystemStore.read':
    'a port implementation: sessions and the host call it with their own paths, never with user input, and it throws the platform error they explain (file-system.test.ts)',
  'fileSystemStore.write':
    'a port implementation: sessions and the host call it with their own paths, never with user input; fuzzing it would write files',
  'fileSystemStore.remove':
    'a port implementation: sessions and the host call it with their own paths, never with user input; fuzzing it would delete files',
  'fileSystemStore.list':
    'a port implementation: sessions and the host call it with their own paths, never with user input (file-system.test.ts)',
  // The host core: called by a host with what its runner hands it, never with a test author's
  // input; test/hosts/core/*.test.ts and the hosts' end-to-end runs cover them.
  ...Object.fromEntries(
    [
      'new TestRecordings',
      'TestRecordings.current',
      'TestRecordings#mode',
      'TestRecordings#finished',
      'TestRecordings#main',
      'TestRecordings#sample',
      'TestRecordings#runInTest',
      'TestRecordings#inSample',
      'TestRecordings#finish',
      'TestRecordings#baseline',
      'outsideTestSession',
      'obsoleteRecordings',
      'obsoleteWarning',
      'runScenarioBody',
      'scenarioParts',
      'checkEachRows',
      'checkScenarioName',
      'hostBound',
      'hostGate',
      'checkPluginOptions',
      'resolveHostOptions',
      'redactHookOf',
      'readCandidateName',
      'inProcessHostOptions',
      'noHostOptions',
    ].map((name) => [
      name,
      'host-core plumbing: a test runner’s host calls it with what its runner hands it, not a test author (test/hosts/core/*.test.ts, and the Vitest and Jest end-to-end runs)',
    ]),
  ),
}

/**
 * By rule, the constructors of the error classes (`new ScenarioError`, `new InvalidArgumentError`,
 * `new RecordingError`, … every exported class that extends `Error`): the library builds its
 * errors itself and users only catch them, read `code` and use `instanceof`; they take no input
 * from a user. Their predicates (`isScenarioError`, `isModelCallError`) are fuzzed.
 */
export const ERROR_CONSTRUCTORS_RULE =
  'an error class: built by the library, never given input by a user (caught and read only)'

/**
 * Functions that calls return, fuzzed through the table although no entry exports them: the
 * agents `scriptedModel()`, `aiSdkAgent()` and `openAIAgent()` return, and the matcher `createToMatchConversationSnapshot()` builds.
 */
export const returnedCallables: readonly string[] = [
  'scriptedModel()(conversation, context)',
  'createToMatchConversationSnapshot()(received, hint)',
  'createToSatisfyJudge()(received, criteria, options)',
  'createToAgreeWithLabels()(received, gates)',
  'aiSdkAgent()(conversation, context)',
  'openAIAgent()(conversation, context)',
]
