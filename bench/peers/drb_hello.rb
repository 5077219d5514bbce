#!/usr/bin/env ruby
# The dRuby TLS experiment's programs on 127.0.0.1, for a figure beside `actorbench rpc`
# on the same machine (optional: bench/peers/setup installs ruby).
#
#   ruby drb_hello.rb server plain|ssl PORT [PKI_DIR]
#   ruby drb_hello.rb client plain|ssl PORT COUNT [PKI_DIR]
#
# As in the seed, the client looks the object up anew (new_with_uri) for each
# hello(""), and the SSL server requires a client certificate of the CA
# (VERIFY_PEER | VERIFY_FAIL_IF_NO_PEER_CERT). PKI_DIR is config/make-test-pki's.
# dRuby keeps a pool of open connections (DRb::DRbConn), so repeated lookups
# of one URI reuse a connection: the seed's figures are per request over a
# kept connection. The client prints mean and median ms/request.
require 'drb'
require 'drb/ssl'

class HelloWorld
  include DRbUndumped

  def hello(name)
    "Hello, #{name}"
  end
end

def ssl_config(pki, who, server)
  verify = OpenSSL::SSL::VERIFY_PEER
  verify |= OpenSSL::SSL::VERIFY_FAIL_IF_NO_PEER_CERT if server
  { SSLVerifyMode: verify,
    SSLPrivateKey: OpenSSL::PKey.read(File.read("#{pki}/#{who}.key")),
    SSLCertificate: OpenSSL::X509::Certificate.new(File.read("#{pki}/#{who}.pem")),
    SSLCACertificateFile: "#{pki}/ca.pem" }
end

role, mode, port = ARGV[0], ARGV[1], ARGV[2]
abort 'usage: drb_hello.rb server|client plain|ssl PORT [COUNT] [PKI_DIR]' unless
  %w[server client].include?(role) && %w[plain ssl].include?(mode) && port
uri = "#{mode == 'ssl' ? 'drbssl' : 'druby'}://127.0.0.1:#{port}"
if role == 'server'
  config = mode == 'ssl' ? ssl_config(ARGV[3], 'server', true) : {}
  DRb.start_service(uri, HelloWorld.new, config)
  puts "listening on #{uri}"
  $stdout.flush
  DRb.thread.join
else
  count = ARGV[3].to_i
  config = mode == 'ssl' ? ssl_config(ARGV[4], 'client', false) : {}
  DRb.start_service(nil, nil, config)
  times = Array.new(count) do
    start = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    reply = DRbObject.new_with_uri(uri).hello('')
    raise "wrong reply #{reply.inspect}" unless reply == 'Hello, '
    Process.clock_gettime(Process::CLOCK_MONOTONIC) - start
  end.sort
  printf("dRuby %s: %d requests, mean %.3f ms, median %.3f ms/request\n",
         mode, count, times.sum / count * 1000, times[count / 2] * 1000)
end
