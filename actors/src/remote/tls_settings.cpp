#include "actors/remote/tls_settings.hpp"

#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <memory>

namespace actorbench::actors {

namespace {

struct file_closer {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using file_ptr = std::unique_ptr<std::FILE, file_closer>;
using x509_ptr = std::unique_ptr<X509, decltype(&X509_free)>;
using pkey_ptr = std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)>;

error bad(std::string detail) {
  return error{errc::bad_parameter, std::move(detail)};
}

result<file_ptr> open(const char* what, const std::string& path) {
  if (path.empty())
    return bad(std::string{"no "} + what + " given: TLS needs a certificate, its private key "
               "and a CA certificate");
  file_ptr f{std::fopen(path.c_str(), "r")};
  if (!f)
    return bad(std::string{"cannot read "} + what + " '" + path + "': " + std::strerror(errno));
  return f;
}

// A passphrase callback that answers "none", so an encrypted key fails
// instead of OpenSSL prompting on the terminal (which would hang a service).
int no_passphrase(char*, int, int, void*) {
  return -1;
}

result<x509_ptr> read_certificate(const char* what, const std::string& path) {
  auto f = open(what, path);
  if (!f)
    return f.err();
  x509_ptr cert{PEM_read_X509(f->get(), nullptr, no_passphrase, nullptr), X509_free};
  ERR_clear_error();
  if (!cert)
    return bad(std::string{"invalid "} + what + " '" + path + "': no PEM certificate in it");
  return cert;
}

// "2026-12-01 12:00:00 UTC".
std::string utc(const ASN1_TIME* t) {
  std::tm tm{};
  char text[64];
  if (ASN1_TIME_to_tm(t, &tm) == 1
      && std::strftime(text, sizeof(text), "%Y-%m-%d %H:%M:%S UTC", &tm) > 0)
    return text;
  return "an unreadable date";
}

// Why OpenSSL's TLS-server purpose check refuses `cert` (it does).
std::string purpose_problem(X509* cert) {
  auto flags = X509_get_extension_flags(cert);
  if ((flags & EXFLAG_XKUSAGE) != 0 && (X509_get_extended_key_usage(cert) & XKU_SSL_SERVER) == 0)
    return "its extended key usage does not include serverAuth (TLS Web Server Authentication)";
  const auto server_uses = KU_DIGITAL_SIGNATURE | KU_KEY_ENCIPHERMENT | KU_KEY_AGREEMENT;
  if ((flags & EXFLAG_KUSAGE) != 0 && (X509_get_key_usage(cert) & server_uses) == 0)
    return "its key usage allows neither digitalSignature, keyEncipherment nor keyAgreement";
  return "OpenSSL's check for a TLS server certificate refuses it";
}

} // namespace

result<void> check(const tls_settings& tls) {
  auto cert = read_certificate("certificate", tls.certificate);
  if (!cert)
    return cert.err();
  auto f = open("private key", tls.key);
  if (!f)
    return f.err();
  pkey_ptr key{PEM_read_PrivateKey(f->get(), nullptr, no_passphrase, nullptr), EVP_PKEY_free};
  ERR_clear_error();
  if (!key)
    return bad("invalid private key '" + tls.key
               + "': no unencrypted PEM private key in it (encrypted keys are not supported)");
  if (X509_check_private_key(cert->get(), key.get()) != 1) {
    ERR_clear_error();
    return bad("invalid private key '" + tls.key + "': it does not match the certificate '"
               + tls.certificate + "'");
  }
  // The CA file may hold several certificates; the first must parse.
  auto ca = read_certificate("CA certificate", tls.ca);
  if (!ca)
    return ca.err();
  return {};
}

std::vector<std::string> server_certificate_problems(const tls_settings& tls) {
  auto cert = read_certificate("certificate", tls.certificate);
  if (!cert)
    return {cert.err().detail};
  std::vector<std::string> problems;
  auto named = "certificate '" + tls.certificate + "' ";
  const char* clients = ": TLS clients will refuse it";
  if (X509_cmp_current_time(X509_get0_notAfter(cert->get())) < 0)
    problems.push_back(named + "expired on " + utc(X509_get0_notAfter(cert->get())) + clients);
  if (X509_cmp_current_time(X509_get0_notBefore(cert->get())) > 0)
    problems.push_back(named + "is not valid before " + utc(X509_get0_notBefore(cert->get()))
                       + clients);
  if (X509_check_purpose(cert->get(), X509_PURPOSE_SSL_SERVER, 0) != 1)
    problems.push_back(named + "is not for a TLS server, " + purpose_problem(cert->get())
                       + clients);
  ERR_clear_error();
  return problems;
}

} // namespace actorbench::actors
