/*
 * xml.c - XML quoting shared by the XML report writers.  Reports are
 * written with fprintf; only text taken from names and messages needs care.
 */
#include "core/xml.h"

void sg_xml_text(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        switch (c) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        case '\n': fputs("&#10;", f); break;
        case '\r': fputs("&#13;", f); break;
        case '\t': fputs("&#9;", f); break;
        default:
            fputc(c < 0x20 || c == 0x7f ? '?' : c, f);
        }
    }
}
