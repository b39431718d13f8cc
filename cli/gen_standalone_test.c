/*
 * gen_standalone_test.c - the file list's module closure and order: the
 * primitives a top instantiates, and what they instantiate, dependencies
 * first; names in comments and strings do not count; a library that cannot
 * be read is an error.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/gen_standalone.h"
#include "core/test_util.h"

static void put(const char *dir, const char *name, const char *text)
{
    char path[512];
    sg_test_write_in(path, sizeof path, dir, name, text);
}

static void test_deps(void **state)
{
    (void)state;
    char dir[] = "/tmp/sg_standalone_XXXXXX";
    assert_non_null(mkdtemp(dir));
    /* sam_b uses sam_c (a FIFO before the edge that holds it); sam_a uses
     * sam_b; sam_c names sam_d only in a comment and a string; sam_d and
     * sam_e are not used by anything the top needs. */
    put(dir, "sam_a.v", "module sam_a;\n  sam_b u_b ();\nendmodule\n");
    put(dir, "sam_b.v", "module sam_b;\n  sam_c #(.W(2)) u_c ();\nendmodule\n");
    put(dir, "sam_c.v", "// like sam_d\nmodule sam_c;\n  /* sam_d\n */ initial $display(\"sam_d\");\nendmodule\n");
    put(dir, "sam_d.v", "module sam_d;\nendmodule\n");
    put(dir, "sam_e.v", "module sam_e;\n  sam_a u_a ();\nendmodule\n");
    put(dir, "sam_token.vh", "`define X 1\n");
    const char *top = "// sam_e is not here\nmodule k_top;\n  sam_a u0 ();\n  sam_c u1 ();\n"
                      "  wire sam_d_x; // sam_d_x is not sam_d\nendmodule\n";
    char *names[16];
    int n = sg_standalone_rtl_deps(dir, top, names, 16);
    assert_int_equal(n, 3);
    assert_string_equal(names[0], "sam_c");
    assert_string_equal(names[1], "sam_b");
    assert_string_equal(names[2], "sam_a");
    for (int i = 0; i < n; i++)
        free(names[i]);
    const char *files[] = {"sam_a.v", "sam_b.v", "sam_c.v", "sam_d.v", "sam_e.v", "sam_token.vh"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    rmdir(dir);
    assert_int_equal(sg_standalone_rtl_deps(dir, top, names, 16), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
