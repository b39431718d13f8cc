/*
 * xml.h - XML text quoting for the reports samgen writes as XML
 * (`samgen verify -o DIR`: junit.xml).
 */
#ifndef SG_XML_H
#define SG_XML_H

#include <stdio.h>

/* Write s as XML text, usable inside an attribute value in double quotes
 * and inside an element: & < > " ' as entities, newline, carriage return
 * and tab as character references (an attribute keeps them), other control
 * characters, which XML 1.0 cannot hold, as '?'; NULL writes nothing. */
void sg_xml_text(FILE *f, const char *s);

#endif
