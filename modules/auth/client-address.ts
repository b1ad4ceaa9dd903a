/**
 * The client's address as the counters and the session list keep it. `req.ip` already honours
 * X-Forwarded-For from trusted proxies only (the kernel's TRUSTED_PROXIES); an IPv4 address
 * seen through an IPv6 socket (`::ffff:10.0.0.1`) is written as plain IPv4, so one address has
 * one spelling.
 */
export function clientAddress(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice('::ffff:'.length) : ip;
}
