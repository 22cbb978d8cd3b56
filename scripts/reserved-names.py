#!/usr/bin/env python3
"""Writes codegen/cabi/c/reserved_names.txt: every identifier the C standard
library and POSIX headers declare, one "name header kind" per line (kind:
f function, v variable, t type, e enumerator, m macro), from the headers of the
machine it runs on (glibc, with _GNU_SOURCE for its extensions: exp10,
sincos, ...). A public tirc function may not take one of these names
(codegen/cabi/names.go): its symbol would replace the library's in a linked
program, or its name would break the generated header. Names beginning
with '_' are left out: codegen reserves them all, as C does.

Usage: python3 scripts/reserved-names.py > codegen/cabi/c/reserved_names.txt
(needs clang)."""
import re
import subprocess

# C17's headers, then POSIX.1-2017's (those glibc has).
HEADERS = """
stddef.h stdint.h stdbool.h
assert.h complex.h ctype.h errno.h fenv.h float.h inttypes.h iso646.h limits.h
locale.h math.h setjmp.h signal.h stdalign.h stdarg.h stdatomic.h
stdio.h stdlib.h stdnoreturn.h string.h tgmath.h threads.h
time.h uchar.h wchar.h wctype.h
aio.h arpa/inet.h cpio.h dirent.h dlfcn.h fcntl.h fmtmsg.h fnmatch.h ftw.h
glob.h grp.h iconv.h langinfo.h libgen.h monetary.h mqueue.h net/if.h netdb.h
netinet/in.h netinet/tcp.h nl_types.h poll.h pthread.h pwd.h regex.h sched.h
search.h semaphore.h spawn.h strings.h sys/ipc.h sys/mman.h sys/msg.h
sys/resource.h sys/select.h sys/sem.h sys/shm.h sys/socket.h sys/stat.h
sys/statvfs.h sys/time.h sys/times.h sys/types.h sys/uio.h sys/un.h
sys/utsname.h sys/wait.h syslog.h tar.h termios.h ulimit.h unistd.h utime.h
utmpx.h wordexp.h
""".split()

CLANG = ["clang", "-x", "c", "-D_GNU_SOURCE"]
IDENT = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
DECL = re.compile(r"(FunctionDecl|VarDecl|TypedefDecl|EnumConstantDecl) 0x[0-9a-f]+ <([^>]*)>.* (\w+) '")
FILE = re.compile(r"^(/[^:]+\.h):")


def run(args, src):
    return subprocess.run(CLANG + args + ["-"], input=src, capture_output=True, text=True, check=True).stdout


def header_of(path):
    """The standard header a declaration's file is, if it is one."""
    for h in HEADERS:
        if path.endswith("/include/" + h) or path.endswith("-linux-gnu/" + h):
            return h
    return None


def main():
    builtin = {l.split()[1].split("(")[0] for l in run(["-E", "-dM"], "").splitlines()}
    owner, fallback, kinds = {}, {}, {}
    letter = {"FunctionDecl": "f", "VarDecl": "v", "TypedefDecl": "t", "EnumConstantDecl": "e"}
    for h in HEADERS:
        src = "#include <%s>\n" % h
        current = None
        for line in run(["-fsyntax-only", "-Xclang", "-ast-dump"], src).splitlines():
            m = DECL.search(line)
            if not m:
                continue
            kind, where, name = m.groups()
            f = FILE.match(where)
            if f:
                current = f.group(1)
            if not IDENT.fullmatch(name):
                continue
            if kind != "EnumConstantDecl" and not line.lstrip("|`- ").startswith(kind):
                continue  # a parameter or field, not a file-scope name
            kinds.setdefault(name, letter[kind])
            own = header_of(current or "")
            if own:
                owner.setdefault(name, own)
            fallback.setdefault(name, h)
        for line in run(["-E", "-dM"], src).splitlines():
            name = line.split()[1].split("(")[0]
            if name not in builtin and IDENT.fullmatch(name):
                fallback.setdefault(name, h)
                kinds[name] = "m"  # a macro hides any declaration
    for name in sorted(set(owner) | set(fallback)):
        print(name, owner.get(name) or fallback[name], kinds[name])


main()
