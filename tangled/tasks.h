#line 3980 "chapters/A-programs.nw"
/* tasks.h: the book's tasks, by name (chapter 9, appendix A). */
#ifndef TASKS_H
#define TASKS_H
#include "task.h"
const Task *task_from_name(const char *name);  /* refuses others */
int task_vocab_size(const Task *t, int side);   /* V of a side */
#endif
