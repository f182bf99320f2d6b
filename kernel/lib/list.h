/*
 * list.h - intrusive circular doubly linked lists (Linux's list_head idea,
 * written for Quanta).  A struct list inside an object links it into a
 * list whose head is a struct list too; list_entry() gets the object back.
 */
#ifndef KERNEL_LIB_LIST_H
#define KERNEL_LIB_LIST_H

#include <stddef.h>

struct list {
	struct list *next, *prev;
};

#define LIST_INIT(name)		{ &(name), &(name) }
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#define list_entry(ptr, type, member)	container_of(ptr, type, member)
#define list_first(head, type, member)	list_entry((head)->next, type, member)

#define list_for_each(pos, head) \
	for ((pos) = (head)->next; (pos) != (head); (pos) = (pos)->next)
/* Safe against removal of pos. */
#define list_for_each_safe(pos, n, head) \
	for ((pos) = (head)->next, (n) = (pos)->next; (pos) != (head); \
	     (pos) = (n), (n) = (pos)->next)

static inline void
list_init(struct list *l)
{
	l->next = l->prev = l;
}

static inline int
list_empty(const struct list *head)
{
	return head->next == head;
}

static inline void
list_insert(struct list *n, struct list *prev, struct list *next)
{
	next->prev = n;
	n->next = next;
	n->prev = prev;
	prev->next = n;
}

static inline void
list_add(struct list *n, struct list *head)	/* at the front */
{
	list_insert(n, head, head->next);
}

static inline void
list_add_tail(struct list *n, struct list *head)
{
	list_insert(n, head->prev, head);
}

/* Unlink n and leave it pointing at itself, so list_empty(n) tells whether
 * it is on a list. */
static inline void
list_del(struct list *n)
{
	n->prev->next = n->next;
	n->next->prev = n->prev;
	n->next = n->prev = n;
}

static inline size_t
list_length(const struct list *head)
{
	size_t n = 0;
	for (const struct list *p = head->next; p != head; p = p->next)
		n++;
	return n;
}

#endif
