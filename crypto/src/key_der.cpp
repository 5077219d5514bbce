#include "key_der.hpp"

namespace actorbench::crypto::detail {

namespace {

// DER tag, definite length, contents.
void put(bytes& out, std::uint8_t tag, bytes_view contents) {
  out.push_back(tag);
  if (contents.size < 0x80) {
    out.push_back(static_cast<std::uint8_t>(contents.size));
  } else {
    std::uint8_t n = 0;
    for (std::size_t s = contents.size; s > 0; s >>= 8)
      ++n;
    out.push_back(static_cast<std::uint8_t>(0x80 | n));
    for (int i = n - 1; i >= 0; --i)
      out.push_back(static_cast<std::uint8_t>(contents.size >> (8 * i)));
  }
  out.insert(out.end(), contents.data, contents.data + contents.size);
}

// A non-negative INTEGER from big-endian magnitude: no leading zero bytes
// except the one that keeps a set high bit from reading as negative.
void put_unsigned(bytes& out, bytes_view magnitude) {
  std::size_t skip = 0;
  while (skip < magnitude.size && magnitude.data[skip] == 0)
    ++skip;
  bytes value;
  if (skip == magnitude.size || (magnitude.data[skip] & 0x80) != 0)
    value.push_back(0);
  value.insert(value.end(), magnitude.data + skip, magnitude.data + magnitude.size);
  put(out, 0x02, value);
}

} // namespace

bytes der_rsa_private_key(const rsa_private_parts& k) {
  bytes body;
  put_unsigned(body, bytes_view{}); // version 0: two primes
  for (const bytes* part : {&k.n, &k.e, &k.d, &k.p, &k.q, &k.d_mod_p1, &k.d_mod_q1, &k.q_inv_mod_p})
    put_unsigned(body, *part);
  bytes out;
  put(out, 0x30, body);
  return out;
}

bytes der_ec_private_key(std::size_t bits, bytes_view d, bytes_view public_point) {
  // prime256v1 (1.2.840.10045.3.1.7) and secp384r1 (1.3.132.0.34).
  static const bytes p256 = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07};
  static const bytes p384 = {0x2b, 0x81, 0x04, 0x00, 0x22};
  // A signed encoding of d may carry a leading zero byte beyond the field size.
  while (d.size > bits / 8 && d.data[0] == 0)
    d = bytes_view{d.data + 1, d.size - 1};
  if ((bits != 256 && bits != 384) || d.size > bits / 8)
    return {};
  bytes body;
  put(body, 0x02, bytes{1}); // ecPrivkeyVer1
  bytes scalar(bits / 8 - d.size, 0);
  scalar.insert(scalar.end(), d.data, d.data + d.size);
  put(body, 0x04, scalar);
  bytes oid;
  put(oid, 0x06, bits == 256 ? p256 : p384);
  put(body, 0xa0, oid);
  bytes bit_string{0}; // no unused bits
  bit_string.insert(bit_string.end(), public_point.data, public_point.data + public_point.size);
  bytes tagged;
  put(tagged, 0x03, bit_string);
  put(body, 0xa1, tagged);
  bytes out;
  put(out, 0x30, body);
  return out;
}

} // namespace actorbench::crypto::detail
