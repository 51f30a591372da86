import type { ReactNode } from 'react';
import { refundPolicyRules } from '@kalike/shared/domain/refund-policy';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';

function InfoPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageColumn>
      <PageTitle>{title}</PageTitle>
      {children}
    </PageColumn>
  );
}

export function AboutPage() {
  return (
    <InfoPage title="About Kalike">
      <p>
        Kalike helps parents and adult learners in Bengaluru find good teachers close to home: music, dance, art, chess, abacus, yoga, swimming, coding,
        languages and school tuition, in your apartment, at a nearby centre or online.
      </p>
      <p>
        Shortlist teachers, send an enquiry, book a demo class, pay for class packs securely and follow every session and update in one place. Kalike is live
        only in Bengaluru for now.
      </p>
    </InfoPage>
  );
}

export function PrivacyPolicyPage() {
  return (
    <InfoPage title="Privacy policy">
      <p>We collect only what we need to connect you with teachers and run your classes:</p>
      <ul>
        <li>your phone number, to sign you in with a one-time code;</li>
        <li>your name, your students' names and ages, and what they want to learn, to send enquiries;</li>
        <li>your location (only when you allow it), to show teachers near you;</li>
        <li>records of payments you make. Card and UPI details are handled by our payment gateway, never stored by us.</li>
      </ul>
      <p>
        We share an enquiry only with the teachers you send it to. We never sell your data. To see, correct or delete your data, write to privacy@kalike.in.
      </p>
    </InfoPage>
  );
}

export function TermsPage() {
  return (
    <InfoPage title="Terms and conditions">
      <p>
        Kalike is a marketplace: teachers set their own programs, schedules and prices, and are responsible for the classes they run. We verify the teachers we
        badge as verified, as described on each badge.
      </p>
      <p>
        Payments for class packs go through Kalike so that every rupee is recorded. Class packs are valid for the period shown before you pay. You can cancel a
        class pack from My Classes; before you confirm, you see exactly what comes back.
      </p>
      <h2>Cancellations and refunds</h2>
      {/* The policy the API refunds by, from the same data (shared/src/domain/refund-policy.ts). */}
      <ul>
        {refundPolicyRules.map(({ rule, text }) => (
          <li key={rule}>{text}</li>
        ))}
      </ul>
      <p>These terms are governed by the laws of India; courts in Bengaluru have jurisdiction.</p>
    </InfoPage>
  );
}

/** `/egm-july`: the July "Explore, Grow, Master" drive for the new term. */
export function EgmJulyPage() {
  return (
    <InfoPage title="Explore, Grow, Master: July at Kalike">
      <p>
        July is when Bengaluru's new batches start: schools have settled in, the monsoon keeps everyone indoors, and teachers open fresh weekday and weekend
        slots.
      </p>
      <h2>Explore</h2>
      <p>Book a demo class before you commit. Most teachers on Kalike offer one; ask for it in your enquiry and the teacher will propose a time.</p>
      <h2>Grow</h2>
      <p>
        Start with a small class pack (8 to 12 classes). You see every class used and every rupee paid on Kalike, and you can move to a bigger plan once your
        child is happy with the teacher.
      </p>
      <h2>Master</h2>
      <p>Stay with a teacher through the year: follow sessions and updates in one place, and get reminders before each class.</p>
      <p>
        <a href="/categories">Browse categories</a> or <a href="/enquiry?refPage=/egm-july&amp;refSection=ask_general">request a class</a>.
      </p>
    </InfoPage>
  );
}
