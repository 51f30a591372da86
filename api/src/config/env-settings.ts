import Type, { type Static, type TObject } from 'typebox';
import { Value } from 'typebox/value';

export type Env = Record<string, string | undefined>;

/** What is wrong with one variable's value, in the words the operator reads at startup. */
export type SettingProblem = (name: string, raw: string) => string | readonly string[];

/** Extra keyword each setting's schema carries: TypeBox finds the fault, the setting words it. */
interface WithProblem {
  problem: SettingProblem;
}

/** One variable: absent (unset or blank), or a string that passes `check`. */
export function setting(check: (raw: string) => boolean, problem: SettingProblem) {
  return Type.Optional(Type.Refine(Type.String({ problem }), check));
}

/** A whole number in `min`…`max`, written as digits only ("7.5", "-1" and "5s" are refused). */
export function integerSetting(
  min: number,
  max: number,
  problem: SettingProblem = (name, raw) => `${name} must be an integer between ${min} and ${max} (got "${raw}")`,
) {
  return setting((raw) => /^\d+$/.test(raw) && Number(raw) >= min && Number(raw) <= max, problem);
}

/** One of a fixed list of words, typed as that list. */
export function choiceSetting<const Choices extends string[]>(choices: readonly [...Choices], problem?: SettingProblem) {
  const words: SettingProblem = (name, raw) => `${name} must be one of ${choices.join(', ')} (got "${raw}")`;
  return Type.Optional(Type.Enum(choices, { problem: problem ?? words }));
}

/** The environment as the schemas read it: each value trimmed, a blank one the same as unset. */
export function trimmedEnv(env: Env): Env {
  const trimmed: Env = {};
  for (const [name, value] of Object.entries(env)) {
    const text = value?.trim();
    if (text) trimmed[name] = text;
  }
  return trimmed;
}

export interface SettingsReading<Schema extends TObject> {
  /** The variables that passed their check; a failed one is left out so its default applies. */
  valid: Static<Schema>;
  /** One entry per problem, every variable at once, in the schema's order. */
  problems: string[];
}

/**
 * Checks every variable the schema names and collects all the problems instead of stopping
 * at the first, so one start-up shows the operator everything to fix.
 */
export function readSettings<Schema extends TObject>(schema: Schema, env: Env): SettingsReading<Schema> {
  const failed = new Set<string>();
  for (const error of Value.Errors(schema, pickNamed(schema, env))) {
    const missing = error.keyword === 'required' ? (error.params as { requiredProperties: string[] }).requiredProperties : [];
    for (const name of [...missing, error.instancePath.split('/')[1] ?? '']) if (name) failed.add(name);
  }
  const problems: string[] = [];
  const valid: Record<string, string> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    const raw = env[name];
    if (failed.has(name)) problems.push(...[(property as unknown as WithProblem).problem(name, raw ?? '')].flat());
    else if (raw !== undefined) valid[name] = raw;
  }
  return { valid: valid as Static<Schema>, problems };
}

function pickNamed(schema: TObject, env: Env): Env {
  return Object.fromEntries(Object.keys(schema.properties).flatMap((name) => (env[name] === undefined ? [] : [[name, env[name]]])));
}
