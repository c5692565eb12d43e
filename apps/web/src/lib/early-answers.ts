/**
 * API answers asked for by the route-preload script (route-preload.ts) while the app's code is still
 * loading: the first screen's request for such a path takes the answer instead of asking again.
 * An answer is taken once, only when it came back ok, only in the language it was asked in and only
 * within EARLY_ANSWER_MS of page load; any change the app sends (POST, PUT, PATCH, DELETE) drops those
 * not yet taken. So an answer nobody took at once (a card not shown to this user) is never served
 * later as current.
 */

/** The global the script keeps the answers under (window.pmEarlyAnswers). */
export const EARLY_ANSWERS = "pmEarlyAnswers";
/** The first screen asks within a few seconds even on a slow phone; later, the answer is asked for again. */
export const EARLY_ANSWER_MS = 20_000;

interface EarlyAnswer {
  /** Date.now() when it was asked for. */
  at: number;
  language: string;
  response: Promise<Response>;
}

type EarlyAnswers = Record<string, EarlyAnswer | undefined>;

function earlyAnswers(): EarlyAnswers | undefined {
  return (globalThis as unknown as Record<string, EarlyAnswers | undefined>)[EARLY_ANSWERS];
}

/**
 * The answer asked for early for this GET path and language, taken once: it resolves to the answer
 * when it came back ok, else to undefined (an error or a failure: the caller then asks the server, an
 * error is not kept as the answer of a later moment). Undefined at once when there is none (any longer),
 * so that a request without one goes out without delay.
 */
export function takeEarlyAnswer(
  path: string,
  language: string,
  now = Date.now(),
): Promise<Response | undefined> | undefined {
  const answers = earlyAnswers();
  const answer = answers?.[path];
  if (!answers || !answer) return undefined;
  delete answers[path];
  if (answer.language !== language || now - answer.at > EARLY_ANSWER_MS) return undefined;
  return answer.response.then(
    (response) => (response.ok ? response : undefined),
    () => undefined,
  );
}

/** Drops every answer not yet taken (the app changes something: they may be out of date). */
export function dropEarlyAnswers(): void {
  const answers = earlyAnswers();
  if (answers) for (const path of Object.keys(answers)) delete answers[path];
}
