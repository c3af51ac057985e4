/**
 * Passwords leave the browser only as RSA-OAEP (SHA-256) ciphertext made with the server's
 * public key (SPKI PEM), base64-encoded: what login-safe and the other *-safe calls expect.
 */
function pemToDer(pem: string): ArrayBuffer {
  const b64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out.buffer;
}

export async function encryptPassword(publicKeyPem: string, password: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'spki',
    pemToDer(publicKeyPem),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const cipher = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password)),
  );
  let bin = '';
  for (const b of cipher) bin += String.fromCharCode(b);
  return btoa(bin);
}
