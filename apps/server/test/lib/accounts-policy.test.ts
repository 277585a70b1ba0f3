import { PASSWORD_MESSAGES } from '@backoffice/shared';
import { describe, expect, it } from 'vitest';
import { deviceOf } from '../../src/lib/user-agent';
import { passwordProblem } from '../../src/services/password-policy';

const owner = { name: 'María José Fernández', email: 'mjfernandez@arg.example' };

describe('password policy', () => {
  it('accepts a long, uncommon password with nothing of the user in it', () => {
    expect(passwordProblem('arg', 'Tranvía azul de medianoche 47', owner)).toBeNull();
  });

  it('refuses fewer than 12 characters, in each country’s voice', () => {
    expect(passwordProblem('arg', 'Xq7#kLp2!vR', owner)).toBe(PASSWORD_MESSAGES.arg.tooShort);
    expect(passwordProblem('col', 'Xq7#kLp2!vR', owner)).toBe(PASSWORD_MESSAGES.col.tooShort);
  });

  it('refuses common and patterned passwords however long', () => {
    for (const password of ['password1234', 'qwertyuiop123', '123456789012', 'aaaaaaaaaaaaaaaa', 'iloveyou2020!']) {
      expect(passwordProblem('arg', password, owner), password).toBe(PASSWORD_MESSAGES.arg.common);
    }
  });

  it('refuses the user’s name words or email local part, whatever the case and accents', () => {
    expect(passwordProblem('arg', 'Zq9!FERNANDEZ#Lm4*Vx', owner)).toBe(PASSWORD_MESSAGES.arg.personal);
    expect(passwordProblem('col', 'Zq9!maria#Lm4*Vx-2', owner)).toBe(PASSWORD_MESSAGES.col.personal);
    expect(passwordProblem('arg', 'xx-mjfernandez-Lm4*Vx', owner)).toBe(PASSWORD_MESSAGES.arg.personal);
    // 'José' is four letters and counts; 'Ana' (three) would refuse too much ('banana…').
    expect(passwordProblem('arg', 'Jose-Tranvía azul 47', owner)).toBe(PASSWORD_MESSAGES.arg.personal);
    expect(passwordProblem('arg', 'Banana tranvía azul 47', { name: 'Ana Paz', email: 'ap@arg.example' })).toBeNull();
  });
});

describe('device of a user agent', () => {
  it('names the browser and the system', () => {
    expect(
      deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'),
    ).toBe('Chrome en Windows');
    expect(
      deviceOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge en Windows');
    expect(
      deviceOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari en iOS');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36')).toBe(
      'Chrome en Android',
    );
    expect(deviceOf(undefined)).toBe('Desconocido');
    expect(deviceOf('curl/8.5.0')).toBe('curl/8.5.0');
  });
});
