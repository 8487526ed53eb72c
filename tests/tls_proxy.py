"""A public-looking HTTPS host answered on this machine: a throwaway certificate authority, an
HTTPS server on 127.0.0.1 with a certificate for the host it stands in for, and a proxy on
127.0.0.1 that answers ``CONNECT`` for that host only (by tunnelling to the server) and
refuses every other request, so no traffic leaves the machine.

A client that honours ``HTTPS_PROXY`` and trusts the authority (Node and Bun:
``NODE_EXTRA_CA_CERTS``) then fetches ``https://<host>/...`` from a folder here. Claude Code
refuses archive URLs on loopback hosts; this is how the tests let it download the site's
archives itself (``tests/test_marketplace_client.py``).

Standard library only, besides the key and certificates: made with ``cryptography`` when it
can be imported, else with the ``openssl`` program.
"""

from __future__ import annotations

import contextlib
import dataclasses as dc
import datetime
import functools
import select
import shutil
import socket
import socketserver
import ssl
import subprocess
from collections.abc import Iterator
from pathlib import Path

from tests.local_server import FolderServer, QuietHandler, running

_TUNNEL_IDLE = 30.0
"""Seconds a tunnel may carry nothing before the proxy closes it."""


@dc.dataclass(slots=True, frozen=True)
class Authority:
    """The files of a throwaway authority and of one host's certificate it signed."""

    ca: Path
    """The authority's certificate (PEM): what the client is told to trust."""
    certificate: Path
    key: Path


def make_authority(folder: Path, host: str) -> Authority:
    """A new authority in ``folder`` and a certificate for ``host`` signed by it (one day)."""
    folder.mkdir(parents=True, exist_ok=True)
    authority = Authority(folder / "ca.pem", folder / "host.pem", folder / "host-key.pem")
    try:
        _with_cryptography(authority, host)
    except ImportError:
        _with_openssl(folder, authority, host)
    return authority


def _with_cryptography(authority: Authority, host: str) -> None:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "skill-catalog test CA")])
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name)
          .public_key(ca_key.public_key()).serial_number(x509.random_serial_number())
          .not_valid_before(now - datetime.timedelta(hours=1))
          .not_valid_after(now + datetime.timedelta(days=1))
          .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
          .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True,
                                       content_commitment=False, key_encipherment=False,
                                       data_encipherment=False, key_agreement=False,
                                       encipher_only=False, decipher_only=False), critical=True)
          .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()),
                         critical=False)
          .sign(ca_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    certificate = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, host)]))
        .issuer_name(ca_name).public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(host)]), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()),
                       critical=False)
        .sign(ca_key, hashes.SHA256()))
    pem = serialization.Encoding.PEM
    authority.ca.write_bytes(ca.public_bytes(pem))
    authority.certificate.write_bytes(certificate.public_bytes(pem))
    authority.key.write_bytes(key.private_bytes(pem, serialization.PrivateFormat.PKCS8,
                                                serialization.NoEncryption()))


def _with_openssl(folder: Path, authority: Authority, host: str) -> None:
    openssl = shutil.which("openssl")
    if openssl is None:
        raise RuntimeError("neither cryptography nor the openssl program is available")

    def run(*args: str) -> None:
        subprocess.run([openssl, *args], check=True, capture_output=True, cwd=folder)

    ca_key = folder / "ca-key.pem"
    run("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
        "-keyout", str(ca_key), "-out", str(authority.ca), "-days", "1",
        "-subj", "/CN=skill-catalog test CA",
        "-addext", "basicConstraints=critical,CA:TRUE,pathlen:0",
        "-addext", "keyUsage=critical,keyCertSign,cRLSign,digitalSignature")
    request = folder / "host.csr"
    run("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
        "-keyout", str(authority.key), "-out", str(request), "-subj", f"/CN={host}")
    extensions = folder / "host.ext"
    extensions.write_text(f"subjectAltName=DNS:{host}\nbasicConstraints=critical,CA:FALSE\n"
                          "extendedKeyUsage=serverAuth\n")
    run("x509", "-req", "-in", str(request), "-CA", str(authority.ca), "-CAkey", str(ca_key),
        "-CAcreateserial", "-out", str(authority.certificate), "-days", "1",
        "-extfile", str(extensions))


class _HttpsServer(FolderServer):
    """A folder served over TLS; each request's path is kept in ``paths``."""

    def __init__(self, folder: Path, context: ssl.SSLContext, paths: list[str]) -> None:
        handler = functools.partial(_RecordingHandler, paths, directory=str(folder))
        super().__init__(("127.0.0.1", 0), handler)
        self.socket = context.wrap_socket(self.socket, server_side=True)


class _RecordingHandler(QuietHandler):
    def __init__(self, paths: list[str], *args: object, **kwargs: object) -> None:
        self._paths = paths
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def send_head(self) -> object:
        self._paths.append(self.path)
        return super().send_head()


class _Proxy(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, host: str, target: int, asked: list[str]) -> None:
        self.host, self.target, self.asked = host, target, asked
        super().__init__(("127.0.0.1", 0), _ProxyHandler)


class _ProxyHandler(socketserver.StreamRequestHandler):
    server: _Proxy

    def handle(self) -> None:
        head = self.rfile.readline(8192).decode("latin-1").strip()
        while self.rfile.readline(8192) not in (b"\r\n", b"\n", b""):
            pass
        self.server.asked.append(head)
        method, _, rest = head.partition(" ")
        authority = rest.split(" ", 1)[0]
        if method != "CONNECT" or authority != f"{self.server.host}:443":
            self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
            return
        with socket.create_connection(("127.0.0.1", self.server.target)) as upstream:
            self.wfile.write(b"HTTP/1.1 200 Connection Established\r\n\r\n")
            self.wfile.flush()
            _pipe(self.connection, upstream)


def _pipe(one: socket.socket, other: socket.socket) -> None:
    """Copy bytes both ways until either side closes or nothing moves for a while."""
    peers = {one: other, other: one}
    while True:
        ready, _, _ = select.select(list(peers), [], [], _TUNNEL_IDLE)
        if not ready:
            return
        for sock in ready:
            data = sock.recv(65536)
            if not data:
                return
            peers[sock].sendall(data)


@dc.dataclass(slots=True)
class PublicHost:
    """What a test needs to reach ``https://<host>/`` through the proxy."""

    host: str
    proxy: str
    """``http://127.0.0.1:<port>``: the value of ``HTTPS_PROXY``."""
    authority: Authority
    paths: list[str]
    """The path of every request the HTTPS server answered, in order."""
    asked: list[str]
    """The request line of every request the proxy received (allowed or refused)."""

    def env(self) -> dict[str, str]:
        """The variables a Node or Bun client needs to go through the proxy."""
        return {"HTTPS_PROXY": self.proxy, "https_proxy": self.proxy,
                "NODE_EXTRA_CA_CERTS": str(self.authority.ca)}


@contextlib.contextmanager
def public_host(folder: Path, host: str, workdir: Path) -> Iterator[PublicHost]:
    """Serve ``folder`` as ``https://<host>/`` through a proxy on 127.0.0.1 (see the module
    docstring); ``workdir`` receives the authority's files."""
    authority = make_authority(workdir, host)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(authority.certificate, authority.key)
    paths: list[str] = []
    asked: list[str] = []
    with running(_HttpsServer(folder, context, paths)) as https_port, \
            running(_Proxy(host, https_port, asked)) as proxy_port:
        yield PublicHost(host, f"http://127.0.0.1:{proxy_port}", authority, paths, asked)
