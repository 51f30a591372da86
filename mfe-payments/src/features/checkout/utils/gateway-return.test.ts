import { checkoutReturnPath, readGatewayReturn, withQuery } from './gateway-return';

const read = (query: string) => readGatewayReturn(new URLSearchParams(query));

describe('readGatewayReturn', () => {
  it('reads a success with all three values', () => {
    expect(read('razorpay_order_id=order_1&razorpay_payment_id=pay_1&razorpay_signature=abc123')).toEqual({
      kind: 'success',
      body: { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'abc123' },
    });
  });

  it('treats an incomplete or odd success as a failure, never as paid', () => {
    expect(read('razorpay_order_id=order_1&razorpay_payment_id=pay_1')).toEqual({ kind: 'failure', code: 'INCOMPLETE_RETURN', description: null });
    expect(read(`razorpay_order_id=order_1&razorpay_payment_id=pay_1&razorpay_signature=${'a'.repeat(257)}`)?.kind).toBe('failure');
    expect(read('razorpay_order_id=order_1&razorpay_payment_id=<script>&razorpay_signature=abc')?.kind).toBe('failure');
  });

  it('reads a failure with its description, and an abandoned checkout', () => {
    expect(read('error_code=BAD_REQUEST_ERROR&error_description=Card+declined')).toEqual({
      kind: 'failure',
      code: 'BAD_REQUEST_ERROR',
      description: 'Card declined',
    });
    expect(read('error_code=X&error_description=')).toEqual({ kind: 'failure', code: 'X', description: null });
    expect(read('checkout=abandoned')).toEqual({ kind: 'abandoned' });
  });

  it('reads nothing from a plain page address', () => {
    expect(read('batchStudentID=1&planId=2')).toBeNull();
    expect(read('checkout=other')).toBeNull();
  });
});

describe('checkoutReturnPath', () => {
  it('keeps the page’s own query, drops an earlier return’s values and names the order', () => {
    const search = new URLSearchParams('batchStudentID=b&planId=p&orderId=old&error_code=X&error_description=Y&checkout=abandoned');
    expect(checkoutReturnPath('/payments/pay', search, 'new')).toBe('/payments/pay?batchStudentID=b&planId=p&orderId=new');
  });
});

describe('withQuery', () => {
  it('adds values to a path with or without a query', () => {
    expect(withQuery('/payment-success?orderId=1', { checkout: 'abandoned' })).toBe('/payment-success?orderId=1&checkout=abandoned');
    expect(withQuery('/pay', { a: 'b c' })).toBe('/pay?a=b+c');
  });
});
