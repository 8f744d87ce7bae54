#!/usr/bin/env python3
"""Fuzzes specrun's command line and environment: crashes, hangs and unhelpful errors (fuzz/README.md).

Runs the built binary on generated argument vectors — every subcommand, every option with odd values, paths of odd
shapes, broken results files, odd environment variables — each in a fresh scratch folder under /tmp/argv-*, under a
20 s limit. A finding is: death by a signal (exit >= 128 or a negative status), a timeout, a Swift runtime error or
backtrace on stderr, an exit status other than 0/1/2, or an error line that says nothing of what to do.

    python3 fuzz/argv_fuzz.py --seed 1 --count 2000          # after `swift build`
    python3 fuzz/argv_fuzz.py --seed 7 --only 123            # replay vector 123 of seed 7, printing it

A vector depends only on (seed, index), so a finding reproduces with --only. Findings are printed with the command
line, the environment it set and the output, and written to FOLDER/findings.jsonl (--out, default /tmp/argv-findings).
Nothing is written outside the scratch folder: output paths all lie inside it (the process runs as the user who
started it, possibly root), and HOME points into it, since Foundation expands `~` in some paths.
"""

import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMMANDS = ["run", "check", "explain", "init", "schema", "report", "merge", "compare"]

# Words any "what to do" sentence uses; an error line with none of them is reported for a human to judge.
ADVICE = re.compile(
    r"\b(give|name|use|write|fix|check|choose|run|add|rename|remove|say|loosen|see|raise|simplify|move|point|"
    r"make|set|redirect|delete|try|pass|keep|drop|split|create|change|lower|allow|did you mean|"
    r"free|quote|escape|install|read the|look)\b|e\.g\. |needs a value: |Tags in these specs: ", re.I)
RUNTIME_ERROR = re.compile(
    r"Fatal error|fatal error:|Illegal instruction|Segmentation fault|Stack dump|Current stack trace|"
    r"Thread \d+ crashed|💣|Backtrace|Swift runtime failure|Assertion failed|Precondition failed|"
    r"Unexpectedly found nil|Index out of range|Abort|AddressSanitizer|double free|malloc", re.I)

NUMBERS = ["", "-", "--", "0", "-0", "1", "2", "-1", "+1", "01", "1.5", "1e3", "1e309", "-1e309", "1e-300", "NaN",
           "nan", "inf", "-inf", "Infinity", "0x10", "0x1p3", "9223372036854775807", "9223372036854775808",
           "-9223372036854775808", "18446744073709551616", "99999999999999999999999999", "1000000000", "10000000",
           "10000001", "1000", "1001", "١٢", "１２", "12\n", " 12", "12 ", "1_000", "1,000", "5K", "5k", "5M", "1G",
           "8G", "9999999999G", "1KB", "1KiB", "Ki", "B", "0K", "100y", "36500d", "0y", "0d", "1y", "-1y", "99999999999y",
           "9223372036854775807d", "365000000d", "1.5y", "y", "d", "1w", "1/1", "0/0", "1/0", "3/2", "/", "1/1/1",
           "0/1", "2/2", "1/9223372036854775807", "-1/2", "1/", "/1", "a/b", "1//2", " 1/2", "1 /2", "00:00",
           "23:59:59", "24:00", "02:30", "2:3", "99:99", "02:30:60", "-1:00", "02:30:00.5", "2027", "2027-03-28",
           "0999", "10000", "2027-02-29", "2028-02-29", "2027-13-01", "2027-00-00", "-2027", "9999-12-31",
           "1000-01-01"]
WORDS = ["", "-", "--", " ", "a", "é", "Europe/Berlin", "europe/berlin", "UTC", "GMT+1", "Etc/GMT+1", "+01:00",
         "Europe/Berlin/", "/Europe/Berlin", "../Europe/Berlin", "Australia/Lord_Howe", "America/St_Johns",
         "Pacific/Chatham", "Asia/Kolkata", "Africa/Casablanca", "Antarctica/Troll", "right/UTC", "posix/Europe/Berlin",
         "Europe/Berlin\n", "core", "all", "foundation", "auto", "always", "never", "json", "markdown", "x" * 5000,
         "\u202e", "🙂", "日本", "%s%n%@", "%", "\\", "'", "\"", "$(id)", "\t", "\r", "\x1b[31m",
         "--help", "-h", "--version", "=", "a=b", "smoke", "starter", "Berlin", "nope"]
REGEXES = ["", "(", ")", "[", "]", "*", "+", "?", "{", "a{99999}", "a{1,0}", "(?<", "(?<n>a)", "\\", "\\p{L}",
           "\\p{Nope}", ".*", "(?i)berlin", "(a*)*b", "(a|a)*$", "^$", "[z-a]", "\\1", "(?=x)", "(?<=a+)b", "\\Q",
           "\\E", "\\k<x>", "(?#", "x" * 10000, "(" * 500 + ")" * 500, "(" * 5000, "🙂+", "[[:alpha:]]", "\\N{SNOWMAN}",
           "Berlin.*spring", "›", "(?x) # c", "\\u{110000}", "\\x{FFFFFFFF}", "a**", "a++", "(?P<a>)",
           "SECRET", "PLAIN(SECRET)99", "(.)", "()", "|", "(|)"]


class Fixture:
    """The template folder every vector's scratch folder is copied from, made once per fuzz session."""

    def __init__(self, binary, root):
        self.binary = binary
        self.template = os.path.join(root, "template")
        work = os.path.join(self.template, "cwd")
        os.makedirs(work)
        env = base_env(os.path.join(self.template, "home"))
        os.makedirs(env["HOME"])
        subprocess.run([binary, "init", "specs"], cwd=work, env=env, stdout=subprocess.DEVNULL, check=True)
        specs = os.path.join(work, "specs")
        starters = sorted(n for n in os.listdir(specs) if n.endswith(".yaml"))
        one = os.path.join(specs, starters[0])
        text = open(one, encoding="utf-8").read()
        # A lone spec file in odd names, with its spec names changed so a run of the folder does not repeat them.
        odd = os.path.join(work, "odd")
        os.makedirs(odd)
        for index, name in enumerate(["n", "n.yaml", "a b.yaml", "-x.yaml", "%d.yaml", "back\\slash.yaml",
                                      "new\nline.yaml", "ü.yaml", "x" * 250 + ".yaml", ".hidden.yaml", "s.yml"]):
            renamed = re.sub(r"(?m)^(\s*-?\s*name:\s*)(.*)$", lambda m: f"{m.group(1)}{m.group(2)} {index}", text)
            open(os.path.join(odd, name), "w", encoding="utf-8").write(renamed)
        open(os.path.join(work, "n"), "w", encoding="utf-8").write(text)
        open(os.path.join(work, "e"), "w").close()
        open(os.path.join(work, "empty.yaml"), "w").close()
        open(os.path.join(work, "bad.yaml"), "w").write("schema: [\n")
        open(os.path.join(work, "binary.yaml"), "wb").write(bytes(range(256)) * 4)
        os.makedirs(os.path.join(work, "dir.yaml"))
        os.makedirs(os.path.join(work, "emptydir"))
        os.makedirs(os.path.join(work, "d", "e", "f"))
        os.mkfifo(os.path.join(work, "fifo.yaml"))
        os.mkfifo(os.path.join(work, "fifo.json"))
        os.symlink("nowhere.yaml", os.path.join(work, "broken.yaml"))
        os.symlink(".", os.path.join(work, "d", "loop"))
        os.symlink("/dev/null", os.path.join(work, "null.yaml"))
        unreadable = os.path.join(work, "locked")
        os.makedirs(unreadable)
        shutil.copy(one, os.path.join(unreadable, "l.yaml"))
        # Results files: real ones, then broken ones.
        results = os.path.join(work, "r")
        os.makedirs(results)
        for name, extra in [("good.json", []), ("s1.json", ["--shard", "1/2"]), ("s2.json", ["--shard", "2/2"])]:
            subprocess.run([binary, "specs", "--json", os.path.join(results, name)] + extra, cwd=work, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        good = open(os.path.join(results, "good.json"), "rb").read()
        self.good = json.loads(good)
        variants = {
            "empty.json": b"", "space.json": b" \n", "trunc1.json": good[:1], "trunchalf.json": good[: len(good) // 2],
            "trunclast.json": good[:-2], "notjson.json": b"not json", "yaml.json": text.encode(),
            "array.json": b"[]", "object.json": b"{}", "null.json": b"null", "nul.json": b"\x00" * 100,
            "bom.json": b"\xef\xbb\xbf" + good, "latin1.json": good.replace(b"\"", b"\"\xe9", 1),
            "deep.json": b"[" * 100000 + b"]" * 100000, "deepobj.json": b'{"a":' * 50000 + b"1" + b"}" * 50000,
            "bignum.json": b"1e309", "hugeint.json": b"123456789012345678901234567890",
        }
        for name, data in variants.items():
            open(os.path.join(results, name), "wb").write(data)
        self.results = sorted(os.listdir(results))

    def scratch(self, root):
        """A fresh copy of the template (symlinks and FIFOs kept), returning its working folder."""
        target = os.path.join(root, "case")
        if os.path.exists(target):
            os.chmod(os.path.join(target, "cwd", "locked"), 0o755)
            shutil.rmtree(target)
        shutil.copytree(self.template, target, symlinks=True, copy_function=copy_keeping_fifos)
        os.chmod(os.path.join(target, "cwd", "locked"), 0o000)
        return os.path.join(target, "cwd")


def copy_keeping_fifos(source, destination):
    if os.path.exists(source) and stat_is_fifo(source):
        os.mkfifo(destination)
    else:
        shutil.copy2(source, destination)


def stat_is_fifo(path):
    import stat
    return stat.S_ISFIFO(os.lstat(path).st_mode)


def base_env(home):
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "LANG": "C.UTF-8"}


def mutated_results(rng, good):
    """A results document with one leaf, or a shard, changed to an odd value."""
    document = json.loads(json.dumps(good))
    odd = [None, -1, 0, 2**63, -(2**63) - 1, 10**30, 1e308, -0.5, "", "x", "\u0000", [], {}, True, "failed",
           "error", "not-run", "passed", "1970-01-01T00:00:00Z", "9999-99-99", 2**53 + 1]
    choice = rng.random()
    if choice < 0.3:
        document["shard"] = {"index": rng.choice([0, 1, 2, -1, 5, 2**62]), "count": rng.choice([0, -1, 1, 2, 2**62, 10**9])}
        return document
    leaves = []

    def walk(node, path):
        if isinstance(node, dict):
            for key in node:
                leaves.append((node, key))
                walk(node[key], path + [key])
        elif isinstance(node, list):
            for index in range(len(node)):
                leaves.append((node, index))
                walk(node[index], path + [index])

    walk(document, [])
    for _ in range(rng.randint(1, 3)):
        container, key = rng.choice(leaves)
        if rng.random() < 0.2 and isinstance(container, dict):
            container.pop(key, None)
        else:
            try:
                container[key] = rng.choice(odd)
            except (KeyError, IndexError):
                pass
    return document


def path_pool(rng, fixture, for_writing):
    """A path of an odd shape; for writing, only places inside the scratch folder (or /dev/null)."""
    reading = ["specs", "specs/", "./specs", "specs//", ".//specs", "specs/.", "specs/..", "./", ".", "..", "n", "e",
               "odd", "odd/n", "odd/a b.yaml", "odd/-x.yaml", "-", "--", "", " ", "odd/%d.yaml", "odd/new\nline.yaml",
               "odd/ü.yaml", "odd/" + "x" * 250 + ".yaml", "x" * 300, "x/" * 2000, "empty.yaml", "bad.yaml",
               "binary.yaml", "dir.yaml", "emptydir", "d", "d/loop/loop/loop", "fifo.yaml", "fifo.json", "broken.yaml",
               "null.yaml", "locked", "locked/l.yaml", "n/x", "n/", "e/.", "/dev/null", "/dev/null/x", "nonexistent",
               "~", "~/x", "é", "a", "specs/\udcff".encode("utf-8", "surrogateescape").decode("utf-8", "replace"),
               "r", "r/good.json"] + ["r/" + name for name in fixture.results]
    writing = ["a", "o", "é", "x.json", "out/x.json", "out//x.json", "./x.json", "d/", "d", "d/e/f/", "n", "n/x.json",
               "e/x", "..", "../x.json", "../../y.json", ".", "", "-", "--", "~", "~/x.json", "~/d/", "a b", "new\nline",
               "%n", "back\\slash", "-x", "x" * 255, "x" * 256, "y/" * 300 + "z", "locked/x.json", "fifo.json",
               "/dev/null", "dir.yaml", "broken.yaml", "specs", "specs/", "r/good.json", "null.yaml", "ü/ü.json"]
    pool = writing if for_writing else reading
    if rng.random() >= rng.odd:
        return rng.choice(["out/x.json", "o.json", "art"] if for_writing else ["specs", "specs/", "odd", "specs", "n"])
    path = rng.choice(pool)
    if rng.random() < 0.05:
        path = path + rng.choice(["/", "//", "/.", "/..", "/x"])
    return path


SANE = {"N": ["1", "2", "4", "100"], "SECONDS": ["10", "0.5", "30"], "SIZE": ["10M", "4096"], "LENGTH": ["100y", "400d"],
        "I/N": ["1/2", "2/2", "1/1", "3/3"], "HH:MM": ["02:30", "02:15:30"], "REGEX": ["Berlin", ".*", "spring", "(SECRET)"],
        "TAG": ["starter", "dst", "nope"], "WHEN": ["auto", "always", "never"], "FORMAT": ["json", "markdown"],
        "FILE": ["out/x.json", "x.json", "report.html"], "DIR": ["art", "out/art"], "RESULTS.json": ["r/good.json"]}


def value_for(rng, value_name, fixture, results_paths):
    if rng.random() >= rng.odd and value_name in SANE:
        return rng.choice(SANE[value_name])
    if value_name in ("FILE", "DIR"):
        return path_pool(rng, fixture, for_writing=True)
    if value_name == "RESULTS.json":
        return rng.choice(results_paths) if rng.random() < 0.7 else path_pool(rng, fixture, for_writing=False)
    if value_name == "REGEX":
        return rng.choice(REGEXES)
    if value_name in ("N", "SECONDS", "SIZE", "LENGTH", "I/N", "HH:MM"):
        return rng.choice(NUMBERS) if rng.random() < 0.85 else rng.choice(WORDS)
    return rng.choice(WORDS + NUMBERS)


def read_options(binary):
    """Each command's options, read from its --help: name -> (short, value name)."""
    options = {}
    pattern = re.compile(r"^\s+(?:-(\w), )?--([\w-]+)(?: (\S+))?")
    for command in COMMANDS:
        text = subprocess.run([binary, command, "--help"], capture_output=True, text=True).stdout
        found = {}
        for line in text.splitlines():
            match = pattern.match(line)
            if match:
                found[match.group(2)] = (match.group(1), match.group(3))
        options[command] = found
    return options


def positionals(rng, command, fixture, results_paths):
    if command == "explain":
        return [rng.choice(WORDS) for _ in range(rng.choice([0, 1, 1, 2, 2, 3]))] if rng.random() < 0.3 else \
            [rng.choice(WORDS)] + ([rng.choice(NUMBERS)] if rng.random() < 0.8 else [])
    if command in ("report", "merge", "compare"):
        count = {"report": [0, 1, 1, 1, 2], "merge": [0, 1, 2, 2, 3, 5], "compare": [1, 2, 2, 2, 2, 2, 2, 3]}[command]
        sane = ["r/good.json", "r/s1.json", "r/s2.json", "r/mut0.json", "r/mut1.json"]
        return [rng.choice(sane) if rng.random() >= rng.odd else
                rng.choice(results_paths) if rng.random() < 0.8 else path_pool(rng, fixture, False)
                for _ in range(rng.choice(count))]
    if command == "init":
        return [path_pool(rng, fixture, True) for _ in range(rng.choice([0, 1, 1, 1, 2]))]
    if command == "schema":
        return [] if rng.random() < 0.8 else [rng.choice(WORDS)]
    return [path_pool(rng, fixture, False) for _ in range(rng.choice([0, 1, 1, 1, 2, 3]))]


def environment(rng, home):
    env = base_env(home)
    odd = ["", "true", "TRUE", "false", "1", "0", "dumb", "xterm-256color", "vt100", "-1", "0", "99999999999999999999",
           "x" * 10000, "🙂", "C", "POSIX", "en_US.UTF-8", "tr_TR.UTF-8",
           "de_DE.ISO-8859-1", "garbage", "utf8", "Europe/Berlin", ":Europe/Berlin", "/etc/passwd", "Nowhere/Zone",
           "<+03>-3", "EST5EDT,M3.2.0,M11.1.0", "../../../../etc/passwd"]
    for name in ["GITHUB_ACTIONS", "NO_COLOR", "TERM", "COLUMNS", "LINES", "LC_ALL", "LC_CTYPE", "LANG", "TZ",
                 "TMPDIR", "GIT_DIR", "GIT_WORK_TREE", "CI", "FORCE_COLOR", "CLICOLOR_FORCE", "PWD"]:
        if rng.random() < 0.15:
            env[name] = rng.choice(odd)
    if rng.random() < 0.03:
        env.pop("PATH")
    if rng.random() < 0.03:
        env["PATH"] = rng.choice(["", "/nonexistent", "."])
    if rng.random() < 0.02:
        env.pop("HOME")
    return env


def vector(seed, index, fixture, options, work):
    """The argument vector and environment of vector `index` of `seed`, writing its mutated results files."""
    rng = random.Random(f"{seed}:{index}")
    # How odd this vector is: most values sane, so that the odd ones get past the first check and reach deeper code.
    rng.odd = rng.choice([0.05, 0.15, 0.3, 0.6, 0.9])
    results_paths = ["r/" + name for name in fixture.results]
    for number in range(2):
        path = os.path.join(work, f"r/mut{number}.json")
        document = mutated_results(rng, fixture.good)
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(document, handle, allow_nan=True)
        results_paths += [f"r/mut{number}.json"] * 4
    roll = rng.random()
    command = rng.choice(COMMANDS) if roll < 0.85 else None
    words = [command] if command and (command != "run" or rng.random() < 0.5) else []
    declared = options[command or "run"]
    names = list(declared)
    arguments = []
    for name in rng.sample(names, min(len(names), rng.choice([0, 1, 2, 2, 3, 4, 6]))):
        short, value_name = declared[name]
        if name in ("help", "version") and rng.random() < 0.8:
            continue
        form = rng.random()
        flag = f"-{short}" if short and form < 0.2 else f"--{name}"
        if value_name is None:
            arguments.append(flag if rng.random() >= rng.odd / 4 else f"--{name}={rng.choice(WORDS)}")
            continue
        value = value_for(rng, value_name, fixture, results_paths)
        if form < rng.odd / 10:
            arguments.append(flag)  # no value
        elif form < 0.35 and flag.startswith("--"):
            arguments.append(f"{flag}={value}")
        else:
            arguments += [flag, value]
        if rng.random() < (0.3 if name in ("tag", "exclude-tag", "redact") else rng.odd / 20):
            arguments += [flag, value]  # repeated
    if command == "merge" and "--output" not in arguments and "-o" not in arguments and rng.random() >= rng.odd / 2:
        arguments += ["-o", value_for(rng, "FILE", fixture, results_paths)]
    if rng.random() < rng.odd / 10:
        arguments.append(rng.choice(["--nope", "-z", "--js", "---json", "--=x", "-", "--", "-jq", "--JSON"]))
    places = positionals(rng, command, fixture, results_paths)
    for place in places:
        arguments.insert(rng.randint(0, len(arguments)), place) if rng.random() < 0.3 else arguments.append(place)
    if rng.random() < 0.05:
        arguments.insert(rng.randint(0, len(arguments)), "--")
    return words + arguments, environment(rng, os.path.join(os.path.dirname(work), "home"))


# Folders outside the scratch folder a run must leave alone, watched for new entries: Foundation expands a leading
# `~` from the password database, not from HOME, so `--json '~/x.json'` once made folders in the real home.
WATCHED = ["/", os.path.expanduser("~"), "/nonexistent"]


def snapshot():
    entries = set()
    for folder in WATCHED:
        try:
            entries.update(os.path.join(folder, name) for name in os.listdir(folder))
        except OSError:
            pass
    return entries


def judge(status, timed_out, stderr):
    """What is wrong with one run, or [] when nothing is."""
    problems = []
    if timed_out:
        problems.append("timeout")
    elif status < 0 or status >= 128:
        problems.append(f"killed by a signal (status {status})")
    elif status not in (0, 1, 2):
        problems.append(f"exit status {status}")
    if RUNTIME_ERROR.search(stderr):
        problems.append("runtime error on stderr")
    # A message may hold a newline of the input it quotes: split where the next message or the help pointer starts.
    for line in re.split(r"\n(?=specrun: |Run ')", stderr):
        # An unknown option is followed by the pointer to the command's --help, which lists the options there are.
        unknown = line.startswith("specrun: error: Unknown option ") and "--help' for usage." in stderr
        if line.startswith("specrun: error:") and not ADVICE.search(line) and not unknown:
            problems.append("error without advice: " + line[:300])
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(REPO, ".build/debug/specrun"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--start", type=int, default=0, help="the first vector index")
    parser.add_argument("--only", type=int, help="run only this vector, printing it")
    parser.add_argument("--timeout", type=float, default=20)
    parser.add_argument("--out", default="/tmp/argv-findings")
    parser.add_argument("--log", action="store_true", help="also write every vector's outcome to OUT/all.jsonl")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    if not os.path.exists(binary):
        sys.exit(f"argv_fuzz: no binary at {binary}; run `swift build` first")
    root = tempfile.mkdtemp(prefix=f"argv-{arguments.seed}-", dir="/tmp")
    os.makedirs(arguments.out, exist_ok=True)
    fixture = Fixture(binary, root)
    options = read_options(binary)
    indices = [arguments.only] if arguments.only is not None else range(arguments.start, arguments.start + arguments.count)
    findings = 0
    seen = set()
    started = time.monotonic()
    statuses = {}
    for index in indices:
        work = fixture.scratch(root)
        argv, env = vector(arguments.seed, index, fixture, options, work)
        os.makedirs(env.get("HOME", os.path.join(os.path.dirname(work), "home")), exist_ok=True)
        before = snapshot()
        process = subprocess.Popen([binary] + argv, cwd=work, env=env, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        timed_out = False
        try:
            out, err = process.communicate(timeout=arguments.timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            os.killpg(process.pid, signal.SIGKILL)
            out, err = process.communicate()
        stderr = err.decode("utf-8", "replace")
        statuses[process.returncode] = statuses.get(process.returncode, 0) + 1
        problems = judge(process.returncode, timed_out, stderr)
        created = sorted(snapshot() - before)
        if created:
            problems.append("created outside the scratch folder: " + ", ".join(created))
        if arguments.log:
            with open(os.path.join(arguments.out, "all.jsonl"), "a", encoding="utf-8") as handle:
                handle.write(json.dumps({"index": index, "argv": argv, "status": process.returncode,
                                         "stderr": stderr[:300]}, ensure_ascii=False) + "\n")
        if arguments.only is not None:
            print("argv:", json.dumps(argv, ensure_ascii=False))
            print("env:", json.dumps({k: v for k, v in env.items() if k not in ("PATH",)}, ensure_ascii=False))
            print("status:", process.returncode, "timed out" if timed_out else "")
            print("stdout:", out.decode("utf-8", "replace")[-3000:])
            print("stderr:", stderr[-3000:])
        if problems:
            # One report per kind of problem and subcommand, error messages with quoted text blanked out.
            key = (argv[0] if argv and argv[0] in COMMANDS else "run",
                   tuple(re.sub(r"'[^']*'", "''", p) for p in problems))
            record = {"seed": arguments.seed, "index": index, "argv": argv, "env": env, "status": process.returncode,
                      "problems": problems, "stderr": stderr[-4000:]}
            with open(os.path.join(arguments.out, "findings.jsonl"), "a", encoding="utf-8") as handle:
                handle.write(json.dumps(record, ensure_ascii=False) + "\n")
            findings += 1
            if key not in seen:
                seen.add(key)
                print(f"FINDING seed {arguments.seed} vector {index}: {problems}\n  argv {json.dumps(argv, ensure_ascii=False)[:500]}"
                      f"\n  stderr {stderr[-800:]!r}", flush=True)
    os.chmod(os.path.join(root, "case", "cwd", "locked"), 0o755)
    shutil.rmtree(root, ignore_errors=True)
    elapsed = time.monotonic() - started
    print(f"argv_fuzz: seed {arguments.seed}, {len(indices)} vectors in {elapsed:.0f} s, exit statuses "
          f"{dict(sorted(statuses.items()))}, {findings} findings ({len(seen)} distinct)")
    sys.exit(1 if findings else 0)


if __name__ == "__main__":
    main()
