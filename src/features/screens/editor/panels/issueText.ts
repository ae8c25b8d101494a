/** The parts of a zod issue the panels read (zod's own type varies by issue code). */
export interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  issues?: { message: string }[];
}

/** An issue's own text: a record key's verdict is nested under zod's generic "Invalid key in record". */
export const issueMessage = (issue: Issue): string =>
  (issue.code === 'invalid_key' && issue.issues?.[0] ? issue.issues[0].message : issue.message);

/** `path: message`, the way the contract names a field (`list.0.value: expected number`); the root reads `(data)`. */
export const issueText = (issue: Issue): string =>
  `${issue.path.length ? issue.path.map(String).join('.') : '(data)'}: ${issueMessage(issue)}`;
