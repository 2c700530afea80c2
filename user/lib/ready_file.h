/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --ready-file: the file a command creates, holding "ready\n", once it is
 * attached and reading (what tests and scripts wait for).
 */
#ifndef READY_FILE_H
#define READY_FILE_H

/* 0, or -1 with errno set. */
int ready_file_write(const char *path);

#endif
