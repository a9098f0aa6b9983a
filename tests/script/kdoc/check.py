#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Checks that every function a C header declares has a kernel-doc block.

Usage: check.py HEADER...

For each function prototype (or static inline definition) at file scope of
a header, the comment right above it must be a kernel-doc block:

    /**
     * name() - one-line summary
     * @arg: what it holds
     *
     * Return: what comes back (when the function returns something)
     */

The block's name must be the function's, its @lines must name exactly the
function's parameters (in any order; "@...:" for a variable argument list),
and a function that returns a value must say so in a "Return:" section.

Prints one line per problem ("file:line: name(): what is wrong") and exits
1 when there is any, 0 otherwise.  A small parser written for this project's
headers (one declaration per statement, no K&R), not the kernel's script.
"""
import re
import sys

IDENT = r"[A-Za-z_]\w*"
# A function at file scope: return type, name, parameter list; then ";" (a
# prototype) or "{" (a static inline body).  "(*name)" is a pointer, not a
# function.
FUNC = re.compile(r"^(?P<ret>[\w\s\*]*?[\w\*])\s*\b(?P<name>" + IDENT +
                  r")\s*\((?P<params>.*)\)\s*(__attribute__\s*\(\(.*\)\))?\s*$",
                  re.S)


def strip_attrs(text):
    """Drops __attribute__((...)) groups, which hold parentheses."""
    out = []
    i = 0
    while True:
        j = text.find("__attribute__", i)
        if j < 0:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:j])
        k = text.find("(", j)
        depth = 0
        while k < len(text):
            if text[k] == "(":
                depth += 1
            elif text[k] == ")":
                depth -= 1
                if depth == 0:
                    break
            k += 1
        i = k + 1


def split_params(params):
    """The parameter list split on commas outside parentheses."""
    parts, depth, cur = [], 0, []
    for c in params:
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        if c == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(c)
    parts.append("".join(cur))
    return [p.strip() for p in parts if p.strip()]


def param_name(p):
    """The name a parameter declares: "..." for varargs, None when unnamed."""
    if p == "...":
        return "..."
    m = re.search(r"\(\s*\*\s*(" + IDENT + r")\s*\)", p)  # pointer to function
    if m:
        return m.group(1)
    p = re.sub(r"\[[^\]]*\]", "", p).strip()  # arrays
    m = re.search(r"(" + IDENT + r")$", p)
    if not m:
        return None
    words = re.findall(IDENT, p)
    # a bare type ("int", "struct foo") names nothing
    if len(words) == 1 or (len(words) == 2 and words[0] in ("struct", "enum", "union")):
        return None
    return m.group(1)


def statements(src):
    """Yields (line, text, comment, comment_line, ends_with) for each statement
    at file scope; comment is the comment right above the statement (only
    blank lines between) or None."""
    i, n, line = 0, len(src), 1
    depth = 0
    last_comment, last_comment_line, comment_end_line = None, 0, -10
    cur, cur_line, cur_comment, cur_comment_line = [], 0, None, 0
    while i < n:
        c = src[i]
        if src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
            text = src[i:j]
            # a comment after code on its line is that code's, not a doc
            own_line = not src[src.rfind("\n", 0, i) + 1:i].strip()
            if depth == 0 and own_line and not "".join(cur).strip():
                last_comment, last_comment_line = text, line
                comment_end_line = line + text.count("\n")
            line += text.count("\n")
            i = j
            continue
        if src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
            continue
        if c == "#" and depth == 0 and not "".join(cur).strip():
            # a preprocessor line (with its continuations) is not a statement
            j = i
            while True:
                k = src.find("\n", j)
                if k < 0:
                    k = n
                    break
                if src[k - 1] != "\\":
                    break
                j = k + 1
            line += src.count("\n", i, k)
            i = k
            last_comment = None
            continue
        if c in "\"'":
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == "\\" else 1
            cur.append(src[i:j + 1])
            i = j + 1
            continue
        if c == "\n":
            line += 1
            cur.append(c)
            i += 1
            continue
        if depth == 0 and not "".join(cur).strip() and not c.isspace():
            cur_line = line
            if last_comment is not None and line - comment_end_line <= 1:
                cur_comment, cur_comment_line = last_comment, last_comment_line
            else:
                cur_comment, cur_comment_line = None, 0
            last_comment = None
        if c == "{":
            if depth == 0:
                yield cur_line, "".join(cur), cur_comment, cur_comment_line, "{"
            depth += 1
            cur.append(c)
        elif c == "}":
            depth -= 1
            cur.append(c)
            if depth == 0:
                cur = []  # a body or an aggregate's members: the ";" after ends it
                cur.append(" ")
        elif c == ";" and depth == 0:
            yield cur_line, "".join(cur), cur_comment, cur_comment_line, ";"
            cur = []
        elif depth == 0:
            cur.append(c)
        i += 1


def function_of(text):
    """(name, return type, [params]) when text declares a function, else None."""
    text = " ".join(strip_attrs(text).split())
    if not text or text.startswith(("typedef", "struct", "enum", "union")) and "(" not in text:
        return None
    if text.startswith("typedef"):
        return None
    m = FUNC.match(text)
    if not m:
        return None
    ret = m.group("ret")
    if re.search(r"\b(return|sizeof)\b", ret) or "=" in text.split("(")[0]:
        return None
    words = [w for w in re.findall(IDENT, ret)
             if w not in ("static", "inline", "extern", "const", "__always_inline")]
    if not words and "*" not in ret:
        return None
    params = split_params(m.group("params"))
    if params == ["void"]:
        params = []
    return m.group("name"), ret, params


def doc_problems(comment, name, ret, params):
    """What is wrong with comment as the kernel-doc of the function."""
    if comment is None:
        return ["no comment right above it (a kernel-doc block /** ... */)"]
    if not comment.startswith("/**") or comment.startswith("/***"):
        return ["its comment is not a kernel-doc block (it must open with /**)"]
    lines = [re.sub(r"^\s*\*?\s?", "", l) for l in comment[3:-2].split("\n")]
    body = [l for l in lines]
    first = next((l for l in body if l.strip()), "")
    probs = []
    m = re.match(r"^(" + IDENT + r")(\(\))?\s+-\s+\S", first.strip())
    if not m:
        probs.append("the block's first line is not \"name() - summary\" (it is \"%s\")" % first.strip())
    elif m.group(1) != name:
        probs.append("the block documents %s(), not %s()" % (m.group(1), name))
    documented = []
    for l in body:
        pm = re.match(r"^@(" + IDENT + r"|\.\.\.)\s*:", l.strip())
        if pm:
            documented.append(pm.group(1))
    want = [param_name(p) for p in params]
    if None in want:
        probs.append("a parameter has no name, so @lines cannot name it")
    want = [w for w in want if w]
    for w in want:
        if w not in documented:
            probs.append("@%s: missing" % w)
    for d in documented:
        if d not in want:
            probs.append("@%s: no such parameter" % d)
    for d in set(documented):
        if documented.count(d) > 1:
            probs.append("@%s: given twice" % d)
    returns_value = not re.fullmatch(r"(static\s+|inline\s+|extern\s+)*void", ret.strip())
    has_return = any(re.match(r"^Returns?\s*:", l.strip()) for l in body)
    if returns_value and not has_return:
        probs.append("returns %s but the block has no \"Return:\" section" % ret.strip())
    return probs


def check(path):
    with open(path, encoding="utf-8") as f:
        src = f.read()
    bad = 0
    seen = 0
    for line, text, comment, _, _ in statements(src):
        fn = function_of(text)
        if not fn:
            continue
        seen += 1
        name, ret, params = fn
        for p in doc_problems(comment, name, ret, params):
            print("%s:%d: %s(): %s" % (path, line, name, p))
            bad += 1
    return bad, seen


def main(argv):
    if len(argv) < 2:
        print("usage: check.py HEADER...", file=sys.stderr)
        return 2
    bad = seen = 0
    for path in argv[1:]:
        b, s = check(path)
        bad += b
        seen += s
    print("# %d functions in %d headers, %d problems" % (seen, len(argv) - 1, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
