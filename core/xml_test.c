/*
 * xml_test.c - XML quoting: markup characters become entities, line
 * breaks character references, forbidden control characters '?'.
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

#include "core/xml.h"

static void quoted(const char *in, const char *want)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    sg_xml_text(f, in);
    assert_int_equal(fclose(f), 0);
    assert_string_equal(buf, want);
    free(buf);
}

static void test_quote(void **state)
{
    (void)state;
    quoted("plain 12_out_crd__11_in_data", "plain 12_out_crd__11_in_data");
    quoted("a<b>&\"c'", "a&lt;b&gt;&amp;&quot;c&apos;");
    quoted("MISMATCH\n  token 3\r\t", "MISMATCH&#10;  token 3&#13;&#9;");
    quoted("bell\a esc\x1b del\x7f", "bell? esc? del?");
    quoted("utf-8 \xc3\xa9", "utf-8 \xc3\xa9");
    quoted("", "");
    quoted(NULL, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quote),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
