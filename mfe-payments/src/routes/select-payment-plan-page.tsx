import { useNavigate, useSearchParams } from 'react-router-dom';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';

import { readRefParams, refLinkParams } from '../utils/ref-params';
import { BatchStudentGate } from '../components/batch-student-gate';
import { usePaymentFlow } from '../hooks/payment-flow';
import { PlanSelection } from '../features/class-packs/components/plan-selection';

/** `/payments/select-payment-plan?batchStudentID` (and its `/old-payments` twin): choose a class pack, codes, then pay. */
export default function SelectPaymentPlanPage() {
  const navigate = useNavigate();
  const flow = usePaymentFlow();
  const [search] = useSearchParams();
  const refs = readRefParams(search);
  return (
    <PageColumn>
      <DocumentTitle>Choose a class pack</DocumentTitle>
      <PageTitle>Choose a class pack</PageTitle>
      <BatchStudentGate
        signInTitle="Sign in to choose a class pack"
        signInReason="Class packs are bought from your Kalike account, so your receipts and classes stay together. Sign in with the phone number you enrolled with; you come straight back here."
      >
        {(batchStudentId) => (
          <PlanSelection
            batchStudentId={batchStudentId}
            onContinue={({ planId, coupon, referral }) =>
              navigate(flow.step('pay', batchStudentId, { planId, coupon: coupon ?? undefined, referral: referral ?? undefined, ...refLinkParams(refs) }))
            }
          />
        )}
      </BatchStudentGate>
    </PageColumn>
  );
}
