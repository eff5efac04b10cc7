import { describe, expect, it } from 'vitest';
import {
  forgotPasswordSchema,
  loginLinkSchema,
  loginLinkVerifyBodySchema,
  loginSchema,
  registerEmailBodySchema,
  registerSchema,
  resetPasswordBodySchema,
  setPasswordFormSchema,
  verifyEmailBodySchema,
} from '../../../src/domain';
import { accepts, messageAt } from './issues';

describe('email fields', () => {
  it('trims and lower-cases the address so it compares case-insensitively', () => {
    expect(registerEmailBodySchema.parse({ email: '  Ann.Smith@Example.COM ' })).toEqual({
      email: 'ann.smith@example.com',
    });
  });

  it.each([['not-an-email'], [''], ['   '], ['a@'], [undefined], [42]])(
    'rejects %j with "Please enter a valid email address"',
    (email) => {
      expect(messageAt(registerEmailBodySchema, { email }, 'email')).toBe('Please enter a valid email address');
    },
  );

  it('refuses an address longer than 254 characters with a clear message', () => {
    const email = `${'a'.repeat(250)}@x.io`;
    expect(messageAt(loginLinkSchema, { email }, 'email')).toBe('Email must be at most 254 characters');
  });

  it('uses the same rule for forgot-password and login-link', () => {
    expect(forgotPasswordSchema.parse({ email: 'B@C.org' })).toEqual({ email: 'b@c.org' });
    expect(messageAt(loginLinkSchema, { email: 'nope' }, 'email')).toBe('Please enter a valid email address');
  });
});

describe('register dialog', () => {
  it('requires the terms to be accepted', () => {
    expect(messageAt(registerSchema, { email: 'a@b.co', acceptTerms: false }, 'acceptTerms')).toBe(
      'You must accept the terms',
    );
    expect(messageAt(registerSchema, { email: 'a@b.co' }, 'acceptTerms')).toBe('You must accept the terms');
  });

  it('accepts a valid email with the terms ticked', () => {
    expect(accepts(registerSchema, { email: 'a@b.co', acceptTerms: true })).toBe(true);
  });
});

describe('sign in', () => {
  it('requires a password of at least one character', () => {
    expect(messageAt(loginSchema, { email: 'a@b.co', password: '' }, 'password')).toBe('Password is required');
    expect(messageAt(loginSchema, { email: 'a@b.co' }, 'password')).toBe('Password is required');
  });

  it('does not trim the password and keeps remember optional', () => {
    expect(loginSchema.parse({ email: 'a@b.co', password: ' x ' })).toEqual({ email: 'a@b.co', password: ' x ' });
    expect(loginSchema.parse({ email: 'a@b.co', password: 'x', remember: true }).remember).toBe(true);
  });

  it('refuses an over-long password with a clear message', () => {
    expect(messageAt(loginSchema, { email: 'a@b.co', password: 'x'.repeat(201) }, 'password')).toBe(
      'Password must be at most 200 characters',
    );
  });
});

describe('set password form', () => {
  it('needs at least 8 characters: 7 fails, 8 passes', () => {
    expect(messageAt(setPasswordFormSchema, { password: '1234567', confirmPassword: '1234567' }, 'password')).toBe(
      'Password must be at least 8 characters',
    );
    expect(accepts(setPasswordFormSchema, { password: '12345678', confirmPassword: '12345678' })).toBe(true);
  });

  it('shows "Passwords don\'t match" on the confirm field', () => {
    expect(
      messageAt(setPasswordFormSchema, { password: '12345678', confirmPassword: '12345679' }, 'confirmPassword'),
    ).toBe("Passwords don't match");
  });
});

describe('token bodies', () => {
  it('verify and reset take a token and a new password', () => {
    for (const schema of [verifyEmailBodySchema, resetPasswordBodySchema]) {
      expect(accepts(schema, { token: 'abc', password: '12345678' })).toBe(true);
      expect(messageAt(schema, { token: 'abc', password: 'short' }, 'password')).toBe(
        'Password must be at least 8 characters',
      );
      expect(accepts(schema, { token: '', password: '12345678' })).toBe(false);
    }
  });

  it('login-link verify needs a non-empty token', () => {
    expect(accepts(loginLinkVerifyBodySchema, { token: 'tok' })).toBe(true);
    expect(messageAt(loginLinkVerifyBodySchema, {}, 'token')).toBe('This link is invalid or has expired.');
  });
});
