import { sql, type Kysely } from 'kysely';

/**
 * How Bengaluru spells what it searches for. Subjects and names come to the search box in many
 * transliterations (bharathanatyam, thabla, karnatic, shruthi, gouda); `search_sound` folds the
 * usual ones (aspirated consonants, c/k, w/v, sh/s, long vowels, doubled letters) so both sides
 * of a match meet, and `search_synonyms` holds the everyday spellings no rule derives (vina,
 * veenai, paino, mathematics). Both live in the database so PGlite and PostgreSQL agree.
 */
const synonyms: Record<string, string[]> = {
  // Classical arts
  bharatnatyam: ['bharatanatyam'],
  bharathnatyam: ['bharatanatyam'],
  baratanatyam: ['bharatanatyam'],
  bharatanatya: ['bharatanatyam'],
  bharathanatya: ['bharatanatyam'],
  karnatak: ['carnatic'],
  karnataka: ['carnatic'],
  hindusthani: ['hindustani'],
  tabala: ['tabla'],
  tablaa: ['tabla'],
  vina: ['veena'],
  veenai: ['veena'],
  veene: ['veena'],
  mrudangam: ['mridangam'],
  mirdangam: ['mridangam'],
  mridangum: ['mridangam'],
  kathakali: ['kathak'],
  katthak: ['kathak'],
  sangeetha: ['carnatic', 'hindustani'],
  sangeet: ['carnatic', 'hindustani'],
  music: ['carnatic', 'hindustani', 'guitar', 'keyboard', 'violin'],
  singing: ['vocal'],
  vocals: ['vocal'],
  // Instruments and everyday misspellings
  gitar: ['guitar'],
  guitaar: ['guitar'],
  gutiar: ['guitar'],
  guiter: ['guitar'],
  paino: ['piano'],
  piyano: ['piano'],
  keybord: ['keyboard'],
  violen: ['violin'],
  voilin: ['violin'],
  vilon: ['violin'],
  // Mind and school subjects
  abacas: ['abacus'],
  abbacus: ['abacus'],
  math: ['maths'],
  mathematics: ['maths'],
  mathematic: ['maths'],
  tution: ['tuition'],
  tusion: ['tuition'],
  physics: ['physics', 'science'],
  chemistry: ['chemistry', 'science'],
  biology: ['science'],
  programming: ['coding', 'python', 'scratch'],
  programing: ['coding', 'python', 'scratch'],
  computer: ['coding'],
  robotix: ['robotics'],
  drawing: ['drawing', 'art'],
  painting: ['painting', 'art'],
  // Languages and speaking
  speaking: ['speaking', 'spoken'],
  frech: ['french'],
  francais: ['french'],
  kannad: ['kannada'],
  // Fitness
  swiming: ['swimming'],
  swim: ['swimming'],
  yog: ['yoga'],
  dance: ['dance', 'bharatanatyam', 'kathak'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function search_sound(word text) returns text language sql immutable parallel safe as $$
      select regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
        translate(lower(word), 'cqwz', 'kkvj'),
        '([bdgjkpt])h', '\\1', 'g'),
        'sh', 's', 'g'),
        'ou', 'ov', 'g'),
        'ee|ii|y', 'i', 'g'),
        'oo|uu', 'u', 'g'),
        '(.)\\1+', '\\1', 'g')
    $$`.execute(db);
  await sql`alter table search_vocabulary add column sound text generated always as (search_sound(word)) stored`.execute(db);
  await sql`create index search_vocabulary_sound_idx on search_vocabulary (sound)`.execute(db);
  await sql`create table search_synonyms (term text primary key, words text[] not null check (cardinality(words) > 0))`.execute(db);
  for (const [term, words] of Object.entries(synonyms)) {
    await sql`insert into search_synonyms (term, words) values (${term}, ${words}::text[])`.execute(db);
  }
  // Nearest first lists online classes after the in-person ones, best rated first: this index
  // hands them over in that order instead of sorting every online listing in the radius.
  await sql`
    create index teacher_listings_online_rating_idx on teacher_listings (teacher_rating_avg desc)
    where is_active and mode = 'online'`.execute(db);
  // Localities are found in the search text by name; compact names let "hsr layout" meet "HSR Layout".
  await sql`
    alter table localities add column search_name text
      generated always as (regexp_replace(lower(name), '[^a-z0-9]+', '', 'g')) stored`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists teacher_listings_online_rating_idx`.execute(db);
  await sql`alter table localities drop column if exists search_name`.execute(db);
  await sql`drop table if exists search_synonyms`.execute(db);
  await sql`drop index if exists search_vocabulary_sound_idx`.execute(db);
  await sql`alter table search_vocabulary drop column if exists sound`.execute(db);
  await sql`drop function if exists search_sound(text)`.execute(db);
}
