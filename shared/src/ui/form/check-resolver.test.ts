import { checkResolver, fieldErrorsFrom, type FormCheck } from './check-resolver';

interface Draft {
  title: string;
  reason: string;
}

const check: FormCheck<Draft, { title: string }> = (draft) =>
  draft.title.trim() ? { body: { title: draft.title.trim() } } : { errors: { title: 'Give the post a title.' } };

const options = { fields: {}, shouldUseNativeValidation: false };

describe('checkResolver', () => {
  it("submits the check's body when the values pass", async () => {
    expect(await checkResolver(check)({ title: '  ಯೋಗ ತರಗತಿ ', reason: '' }, undefined, options)).toEqual({
      values: { title: 'ಯೋಗ ತರಗತಿ' },
      errors: {},
    });
  });

  it('puts each message under its field and submits nothing when they do not', async () => {
    expect(await checkResolver(check)({ title: ' ', reason: '' }, undefined, options)).toEqual({
      values: {},
      errors: { title: { type: 'validate', message: 'Give the post a title.' } },
    });
  });
});

describe('fieldErrorsFrom', () => {
  it('leaves out fields without a message', () => {
    expect(fieldErrorsFrom({ title: 'Give the post a title.', reason: undefined, body: '' })).toEqual({
      title: { type: 'validate', message: 'Give the post a title.' },
    });
  });
});
