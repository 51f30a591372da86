import type { BatchBody, PlanBody, ProgramBody } from '@kalike/shared/contracts/listing-authoring';
import type { BatchPlace } from '@kalike/shared/contracts/listing-review';
import type { ListingModeKind } from '@kalike/shared/domain/listing-values';
import {
  batchSeats,
  classPackBounds,
  classPackProblem,
  learnerHomeRadiusKm,
  programAgeYears,
  programTextLength,
  rupeesToPaise,
} from '@kalike/shared/domain/listing-authoring-rules';

/** A form's values as typed: every field a string, turned into the API's body or a sentence saying what to fix. */
export type Checked<T> = { body: T; problem: null } | { body: null; problem: string };

const ok = <T>(body: T): Checked<T> => ({ body, problem: null });
const fix = <T>(problem: string): Checked<T> => ({ body: null, problem });
/**
 * The price typed into a pack's price field, as paise, while it is a price a pack may have; null
 * otherwise, so what the teacher would receive is shown only for a price the form would send.
 */
export function typedPackPricePaise(typed: string): number | null {
  const pricePaise = rupeesToPaise(typed);
  const { min, max } = classPackBounds.pricePaise;
  return pricePaise !== null && pricePaise >= min && pricePaise <= max ? pricePaise : null;
}

const wholeNumber = (typed: string) => (/^\d{1,4}$/.test(typed.trim()) ? Number(typed.trim()) : null);

export interface ProgramValues {
  name: string;
  level: ProgramBody['level'];
  description: string;
  ageMin: string;
  ageMax: string;
  mode: ListingModeKind;
}

export function checkProgram(values: ProgramValues): Checked<ProgramBody> {
  const name = values.name.trim();
  if (name.length < programTextLength.name.min) return fix('Give the program a name.');
  const ageMin = wholeNumber(values.ageMin);
  const ageMax = wholeNumber(values.ageMax);
  const { min, max } = programAgeYears;
  if (ageMin === null || ageMax === null || ageMin < min || ageMax > max) return fix(`Ages are whole years from ${min} to ${max}.`);
  if (ageMax < ageMin) return fix(`The oldest age (${ageMax}) cannot be below the youngest (${ageMin}).`);
  return ok({ name, level: values.level, description: values.description.trim(), ageMin, ageMax, mode: values.mode });
}

export type PlaceKind = BatchPlace['kind'];

export interface BatchValues {
  programId: string;
  name: string;
  days: number[];
  startTime: string;
  endTime: string;
  startsOn: string;
  endsOn: string;
  seats: string;
  placeKind: PlaceKind;
  /** The chosen locality (centre, learner's home) or apartment. */
  placeId: string;
  address: string;
  lat: number | null;
  lng: number | null;
  radiusKm: string;
  onlineLink: string;
}

function checkPlace(values: BatchValues): Checked<BatchPlace> {
  switch (values.placeKind) {
    case 'apartment':
      return values.placeId ? ok({ kind: 'apartment', apartmentId: values.placeId }) : fix('Choose the apartment the batch meets in.');
    case 'learner_home': {
      const radiusKm = wholeNumber(values.radiusKm);
      if (!values.placeId) return fix('Choose the locality you travel from.');
      if (radiusKm === null || radiusKm < learnerHomeRadiusKm.min || radiusKm > learnerHomeRadiusKm.max) {
        return fix(`You travel between ${learnerHomeRadiusKm.min} and ${learnerHomeRadiusKm.max} km.`);
      }
      return ok({ kind: 'learner_home', localityId: values.placeId, radiusKm });
    }
    case 'online':
      return /^https:\/\/\S+$/.test(values.onlineLink.trim())
        ? ok({ kind: 'online', onlineLink: values.onlineLink.trim() })
        : fix('The class link starts with https:// (only paying students get it).');
    default:
      if (!values.placeId || values.lat === null || values.lng === null) return fix('Choose the locality of your centre.');
      if (values.address.trim().length < 5) return fix("Write your centre's address.");
      return ok({ kind: 'centre', localityId: values.placeId, address: values.address.trim(), lat: values.lat, lng: values.lng });
  }
}

/** The batch as the API takes it; the API checks the clock and the families in it again. */
export function checkBatch(values: BatchValues, today: string): Checked<BatchBody> {
  if (!values.programId) return fix('Choose the program this batch teaches.');
  if (values.days.length === 0) return fix('Choose the days the batch meets.');
  if (!values.startTime || !values.endTime) return fix('Give the start and end times.');
  if (values.endTime <= values.startTime) return fix('A class ends after it starts.');
  if (!values.startsOn) return fix('Give the first day.');
  if (values.startsOn < today) return fix('A new batch cannot start in the past.');
  if (values.endsOn && values.endsOn <= values.startsOn) return fix('The last day must be after the first day.');
  const seats = wholeNumber(values.seats);
  if (seats === null || seats < batchSeats.min || seats > batchSeats.max) return fix(`A batch has ${batchSeats.min} to ${batchSeats.max} seats.`);
  const place = checkPlace(values);
  if (place.body === null) return fix(place.problem);
  return ok({
    programId: values.programId,
    ...(values.name.trim() ? { name: values.name.trim() } : {}),
    daysOfWeek: [...values.days].sort((a, b) => a - b),
    startTime: values.startTime,
    endTime: values.endTime,
    startsOn: values.startsOn,
    endsOn: values.endsOn || null,
    seats,
    place: place.body,
  });
}

export interface PackValues {
  batchId: string;
  name: string;
  classes: string;
  validityDays: string;
  /** Rupees as typed: "1500" or "1,500.50". */
  rupees: string;
}

/** The class pack with its price in paise: the rupees typed are turned into paise here, never divided later. */
export function checkPack(values: PackValues): Checked<PlanBody> {
  if (!values.batchId) return fix('Choose the batch this class pack is for.');
  if (values.name.trim().length < 2) return fix('Give the class pack a name, e.g. "8 classes".');
  const classes = wholeNumber(values.classes);
  const validityDays = wholeNumber(values.validityDays);
  const pricePaise = rupeesToPaise(values.rupees);
  if (classes === null) return fix('Give the number of classes as a whole number.');
  if (validityDays === null) return fix('Give how many days the pack is valid as a whole number.');
  if (pricePaise === null) return fix('Give the price in rupees, e.g. 1500.');
  const problem = classPackProblem({ classes, validityDays, pricePaise });
  if (problem) return fix(problem);
  return ok({ batchId: values.batchId, name: values.name.trim(), classesCount: classes, validityDays, pricePaise });
}
