#!/usr/bin/python3
# A Redfish service for wattbench's tests: serves a DMTF mockup directory over HTTPS on
# loopback with session and Basic authentication, and injects the faults a control file names.
#
#   redfish_server.py --mockup DIR --cert PEM --key PEM --port-file FILE --control FILE
#                     --stats FILE [--user NAME]
# The password comes from REDFISH_TEST_PASSWORD. The control file (JSON, re-read at every
# request) may hold:
#   "overrides":  {"/redfish/v1/...": {"Reading": 61, ...}}   merged into that resource
#   "fault":      "drop" | "garbage" | "truncate" | "silence" | "503" | null
#   "fault_path": only requests whose path starts with this get the fault (default: all but /redfish/v1/)
#   "silence_s":  how long "silence" waits before answering (default 5)
#   "epoch":      a new value expires every session token (the BMC forgot them)
#   "no_sessions": true → session login answers 405 (a BMC with Basic only)
# The stats file (JSON) counts requests, connections, logins, logouts and Basic requests.
import argparse, base64, copy, json, os, ssl, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

lock = threading.Lock()
stats = {"requests": 0, "connections": 0, "logins": 0, "logouts": 0, "basic": 0, "unauthorized": 0,
         "expanded": 0}
tokens = {}
control = {"data": {}}
epoch_seen = [None]


def load_control(path):
    # Read at every request: a test's change applies to the very next one.
    try:
        with open(path) as f:
            control["data"] = json.load(f)
    except (OSError, ValueError):
        pass
    return control["data"]


def merge(dst, src):
    for k, v in src.items():
        if isinstance(v, dict) and isinstance(dst.get(k), dict):
            merge(dst[k], v)
        else:
            dst[k] = v


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def setup(self):
        super().setup()
        with lock:
            stats["connections"] += 1

    def count(self, key):
        with lock:
            stats[key] += 1
            with open(self.server.args.stats + ".tmp", "w") as f:
                json.dump(stats, f)
            os.replace(self.server.args.stats + ".tmp", self.server.args.stats)

    def send(self, status, body=b"", headers=None):
        self.send_response(status)
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        if body and "Content-Type" not in (headers or {}):
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def resource(self, path):
        rel = path[len("/redfish/v1"):].strip("/")
        f = os.path.join(self.server.args.mockup, rel, "index.json")
        try:
            with open(f) as fh:
                doc = json.load(fh)
        except (OSError, ValueError):
            return None
        o = self.ctl.get("overrides", {}).get(path.rstrip("/") or "/")
        if o:
            merge(doc, copy.deepcopy(o))
        return doc

    def authorized(self):
        a = self.headers.get("Authorization", "")
        if a.startswith("Basic "):
            try:
                user, _, pw = base64.b64decode(a[6:]).decode().partition(":")
            except Exception:
                return False
            self.count("basic")
            return user == self.server.args.user and pw == self.server.password
        t = self.headers.get("X-Auth-Token")
        with lock:
            return t is not None and t in tokens

    def fault(self, path):
        f = self.ctl.get("fault")
        if not f or path.rstrip("/") == "/redfish/v1":
            return False
        if not path.startswith(self.ctl.get("fault_path", "/")):
            return False
        if f == "drop":
            self.close_connection = True
            self.connection.shutdown(2)
            return True
        if f == "garbage":
            self.send(200, b"{\"Members\": [ this is not json")
            return True
        if f == "truncate":
            body = json.dumps(self.resource(path) or {}).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.close_connection = True
            return True
        if f == "silence":
            time.sleep(float(self.ctl.get("silence_s", 5)))
            self.close_connection = True
            return True
        if f == "503":
            self.send(503, b"{}", {"Retry-After": "1"})
            return True
        return False

    def begin(self):
        self.ctl = load_control(self.server.args.control)
        e = self.ctl.get("epoch")
        with lock:
            if e != epoch_seen[0]:
                epoch_seen[0] = e
                tokens.clear()
        self.count("requests")

    def do_GET(self):
        self.begin()
        path, _, query = self.path.partition("?")
        if self.fault(path):
            return
        if path.rstrip("/") != "/redfish/v1" and not self.authorized():
            self.count("unauthorized")
            self.send(401, b"{}", {"WWW-Authenticate": "Basic realm=\"redfish\""})
            return
        doc = self.resource(path)
        if doc is None:
            self.send(404, b"{}")
            return
        if "$expand" in query and isinstance(doc.get("Members"), list):
            self.count("expanded")
            doc["Members"] = [self.resource(m["@odata.id"]) or m for m in doc["Members"]]
        self.send(200, json.dumps(doc).encode())

    def do_POST(self):
        self.begin()
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if self.path.rstrip("/") != "/redfish/v1/SessionService/Sessions":
            self.send(405, b"{}")
            return
        if self.ctl.get("no_sessions"):
            self.send(405, b"{}")
            return
        try:
            cred = json.loads(body)
        except ValueError:
            self.send(400, b"{}")
            return
        if cred.get("UserName") != self.server.args.user or cred.get("Password") != self.server.password:
            self.send(401, b"{}")
            return
        with lock:
            n = len(tokens) + stats["logins"] + 1
            token = "tok%06d%s" % (n, os.urandom(6).hex())
            tokens[token] = n
        self.count("logins")
        loc = "/redfish/v1/SessionService/Sessions/%d" % n
        self.send(201, json.dumps({"Id": str(n), "UserName": cred["UserName"]}).encode(),
                  {"X-Auth-Token": token, "Location": loc})

    def do_DELETE(self):
        self.begin()
        t = self.headers.get("X-Auth-Token")
        with lock:
            known = t in tokens
            if known:
                del tokens[t]
        if known:
            self.count("logouts")
        self.send(204 if known else 401)


def main():
    p = argparse.ArgumentParser()
    for a in ("--mockup", "--cert", "--key", "--port-file", "--control", "--stats"):
        p.add_argument(a, required=True)
    p.add_argument("--user", default="admin")
    args = p.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.args = args
    server.password = os.environ.get("REDFISH_TEST_PASSWORD", "")
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(args.cert, args.key)
    server.socket = ctx.wrap_socket(server.socket, server_side=True)
    with open(args.port_file + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    os.replace(args.port_file + ".tmp", args.port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
