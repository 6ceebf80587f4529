// The objectives under "About the summit" on the landing page, as the organisers write them in
// Event Settings: one a line, "Title: what it means" (a line without ": " is a title alone).
// Empty: the site's own three from the catalogue, in each language. Pure and client-safe.

/** The site's own objectives: `about.objectives.<id>.title|text` in the public catalogue. */
export const DEFAULT_OBJECTIVES = ["peacebuilding", "civicEngagement", "inclusiveDevelopment"] as const;

/** At most this many objectives, each line at most this long: the landing page stays a page. */
export const OBJECTIVES_MAX = 8;
export const OBJECTIVE_MAX_LENGTH = 160;

/** The objectives' lines as the page shows them: trimmed, blank lines left out. */
function objectiveLines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** Why these objectives cannot be saved (the form's message), or null when they can. */
export function objectivesProblem(text: string): string | null {
  const lines = objectiveLines(text);
  if (lines.length > OBJECTIVES_MAX) {
    return `Please keep to ${OBJECTIVES_MAX} objectives, one a line (there are ${lines.length})`;
  }
  const long = lines.findIndex((line) => line.length > OBJECTIVE_MAX_LENGTH);
  if (long >= 0) {
    return `Objective ${long + 1} is ${lines[long]?.length} characters long: please keep each line to ${OBJECTIVE_MAX_LENGTH}`;
  }
  return null;
}

export type Objective = { title: string; text: string };

/** The organisers' objectives, or null when they left them empty (the page shows the site's own). */
export function parseObjectives(text: string): Objective[] | null {
  const lines = objectiveLines(text);
  if (lines.length === 0) return null;
  return lines.map((line) => {
    const colon = line.indexOf(": ");
    return colon < 0 ? { title: line, text: "" } : { title: line.slice(0, colon).trim(), text: line.slice(colon + 2).trim() };
  });
}

/** The site's own objectives as the form would hold them: the box's first text and placeholder. */
export function defaultObjectivesText(t: (key: string) => string): string {
  return DEFAULT_OBJECTIVES.map((id) => `${t(`about.objectives.${id}.title`)}: ${t(`about.objectives.${id}.text`)}`).join("\n");
}

/**
 * What is stored for the objectives typed: "" (the site's own, in every language, and later
 * wordings of them) when they are the site's own as the form showed them, else the text.
 */
export function objectivesToStore(typed: string, siteOwn: string): string {
  return objectiveLines(typed).join("\n") === objectiveLines(siteOwn).join("\n") ? "" : typed;
}
