import type { StudentDto } from '@kalike/shared/contracts/accounts';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import { enquiryLimits, type StudentLevel } from '@kalike/shared/domain/enquiry-lifecycle';
import { ageOn } from '@kalike/shared/domain/student-age';

export interface KnownDetails {
  age: number | null;
  level: StudentLevel | null;
  goals: string | null;
  /** Where the prefilled answers came from, to say so next to the form. */
  sources: string[];
}

/**
 * The student details an enrichment form starts with: what this enquiry already has, else what
 * the account knows about the same student (the date of birth on the account, the level and goals
 * given in their latest other enquiry). Nothing is sent until the learner saves.
 */
export function knownDetails(enquiry: Enquiry, students: readonly StudentDto[], enquiries: readonly Enquiry[], today: string): KnownDetails {
  const sources: string[] = [];
  const studentId = enquiry.student?.id ?? null;
  const sameStudent = (other: Enquiry) => other.id !== enquiry.id && (other.student?.id ?? null) === studentId;
  // The list comes newest first.
  const earlier = enquiries.filter(sameStudent);

  let age = enquiry.details.studentAgeYears;
  if (age === null) {
    const dateOfBirth = studentId ? students.find((student) => student.id === studentId)?.dateOfBirth : null;
    const fromBirth = dateOfBirth ? ageOn(dateOfBirth, today) : null;
    if (fromBirth !== null && fromBirth >= enquiryLimits.studentAge.min && fromBirth <= enquiryLimits.studentAge.max) {
      age = fromBirth;
      sources.push('the date of birth on your account');
    } else {
      age = earlier.find((other) => other.details.studentAgeYears !== null)?.details.studentAgeYears ?? null;
    }
  }
  let level = enquiry.details.level;
  let goals = enquiry.details.goals;
  const previous = earlier.find((other) => other.details.level !== null || other.details.goals !== null);
  if (previous && (level === null || goals === null)) {
    level ??= previous.details.level;
    goals ??= previous.details.goals;
    sources.push(`your enquiry with ${previous.teacher.name}`);
  }
  return { age, level, goals, sources };
}
