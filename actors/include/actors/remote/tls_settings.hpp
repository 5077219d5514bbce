#pragma once

#include <string>
#include <vector>

#include "actors/error.hpp"

namespace actorbench::actors {

/// The files of one TLS endpoint with mutual authentication: its own
/// certificate and private key (PEM) and the CA certificate(s) its peers'
/// certificates must chain to. All three are required: CAF 0.17 would
/// otherwise fall back to unauthenticated anonymous ciphers.
struct tls_settings {
  std::string certificate;
  std::string key;
  std::string ca;
};

/// Checks up front what CAF would only discover inside its network thread
/// (where it throws and ends the process): every file readable and PEM, the
/// key unencrypted and matching the certificate, the CA file holding at least
/// one certificate. The returned detail names the file, never key material.
/// The validity period and the chain are the peer's to judge, on purpose:
/// that is what the peer is tested to refuse.
result<void> check(const tls_settings& tls);

/// Why TLS clients will refuse `tls`'s certificate as a server's, one
/// sentence each naming the file; empty when they will not on its own
/// account: it has expired or is not valid yet, or its extended key usage or
/// key usage rule out a TLS server (OpenSSL's purpose check, which clients
/// apply). Not an error: a server may be started with such a certificate on
/// purpose, to see clients refuse it; the command warns. Expects a
/// certificate check() accepted.
std::vector<std::string> server_certificate_problems(const tls_settings& tls);

} // namespace actorbench::actors
