#!/usr/bin/env python3
"""test_lint.py - lint.py must pass on the tree and fail on each planted
violation.  Each test copies the repository's files into a temporary
directory (no .git: lint.py then walks the tree), plants one violation and
runs the check on the copy.

    python3 tools/lint/test_lint.py [-v]
"""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LINT = os.path.join(HERE, "lint.py")
GRAPH = os.path.join(ROOT, "tools", "include_graph.py")
# The strings planted below, assembled so that this file passes the check.
SIB = ".." + "/" + "shared"
SES = "ses" + "sion"
ISS = "is" + "sue"


def tree_files():
    out = subprocess.run(["git", "-C", ROOT, "ls-files", "-z", "--cached",
                          "--others", "--exclude-standard"],
                         capture_output=True, check=True).stdout
    return [f for f in out.decode().split("\0")
            if f and os.path.isfile(os.path.join(ROOT, f))]


class LintTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.files = tree_files()

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="quanta-lint-")
        for f in self.files:
            dst = os.path.join(self.tmp, f)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copy2(os.path.join(ROOT, f), dst)

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def lint(self):
        r = subprocess.run([sys.executable, LINT, "--root", self.tmp],
                           capture_output=True, text=True)
        return r.returncode, r.stdout

    def append(self, rel, text):
        path = os.path.join(self.tmp, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "a", encoding="utf-8") as f:
            f.write(text)

    def assert_fails(self, rule, rel, text):
        self.append(rel, text)
        rc, out = self.lint()
        self.assertEqual(rc, 1, out)
        self.assertIn(f"{rel}:", out)
        self.assertIn(f": {rule}: ", out)

    def assert_passes(self, rel, text):
        self.append(rel, text)
        rc, out = self.lint()
        self.assertEqual(rc, 0, out)

    def test_clean_tree_passes(self):
        rc, out = self.lint()
        self.assertEqual(rc, 0, out)
        rc, out = self.include_check()
        self.assertEqual(rc, 0, out)

    def test_outside_path(self):
        self.assert_fails("outside-path", "README.md",
                          f"\nSee [the design]({SIB}/design/x.md).\n")

    def test_outside_path_without_dots(self):
        self.assert_fails("outside-path", "kernel/main.c",
                          "\n/* see shared" + "/seeds/000.txt */\n")

    def test_outside_path_allowed_in_ci(self):
        self.assert_passes(".ci/run", f"\n# make test SEEDS={SIB}/seeds\n")

    def test_machine_path_in_code(self):
        self.assert_fails("machine-path", "kernel/main.c",
                          "\n/* built on /ho" + "me/alice/quanta */\n")

    def test_tmp_path_in_docs(self):
        self.assert_fails("machine-path", "docs/user.md",
                          "\nThe figures are in /t" + "mp/results.txt.\n")

    def test_tmp_path_on_quanta_shell_line(self):
        self.assert_passes("docs/user.md",
                           "\n```\n$ echo hi > /t" + "mp/f\n```\n")
        self.assert_fails("machine-path", "docs/user.md",
                          "\n```\necho hi > /t" + "mp/f\n```\n")

    def test_missing_markdown_link(self):
        self.assert_fails("missing-file", "docs/user.md",
                          "\nRead [the notes](notes-that-do-not-exist.md).\n")

    def test_missing_path_in_comment(self):
        self.assert_fails("missing-file", "kernel/main.c",
                          "\n/* the rules are in kernel/sched/nothere.c */\n")

    def test_missing_bare_document(self):
        self.assert_fails("missing-file", "tools/qemu.py",
                          "\n# background: design-notes.md section 3\n")

    def test_existing_path_passes(self):
        self.assert_passes("kernel/main.c",
                           "\n/* the rules are in kernel/sched/rr.c */\n")

    def test_linux_path_passes(self):
        self.assert_passes("kernel/main.c",
                           "\n/* Linux 2.6.24 kernel/sched_fair.c */\n")

    def include_check(self):
        r = subprocess.run([sys.executable, GRAPH, "--root", self.tmp,
                            "--check"], capture_output=True, text=True)
        return r.returncode, r.stdout + r.stderr

    def test_arch_includes_kernel_internals(self):
        self.append("arch/x86/trap.c", '\n#include "kernel/proc.h"\n')
        rc, out = self.include_check()
        self.assertEqual(rc, 1, out)
        self.assertIn("arch/x86/trap.c:", out)
        self.assertIn(": arch-include: ", out)

    def test_arch_includes_upcalls_and_services(self):
        self.append("arch/x86/trap.c", '\n#include "kernel/upcall.h"\n'
                    '#include "kernel/lib/string.h"\n')
        rc, out = self.include_check()
        self.assertEqual(rc, 0, out)

    def test_prototype_without_contract(self):
        self.assert_fails("contract", "kernel/timer.h",
                          "\nvoid timer_nothing(int x);\n")

    def test_prototype_with_contract(self):
        self.assert_passes("kernel/timer.h",
                           "\n/* Does nothing with x. */\n"
                           "void timer_nothing(int x);\n"
                           "void timer_nothing2(int x);\t/* neither */\n")

    def test_history_session(self):
        self.assert_fails("history", "kernel/main.c",
                          f"\n/* measured in {SES} 3 */\n")

    def test_history_issue(self):
        self.assert_fails("history", "docs/boot.md",
                          f"\nA later {ISS} may change this.\n")

    def test_history_issue_number(self):
        self.assert_fails("history", "tests/cases.py",
                          f"\n# added for {ISS} 12\n")

    def test_stale_waiver(self):
        self.append("tools/lint/waivers.txt",
                    "kernel/main.c\thistory\tno such line\n")
        rc, out = self.lint()
        self.assertEqual(rc, 1, out)
        self.assertIn("stale waiver", out)


if __name__ == "__main__":
    unittest.main()
