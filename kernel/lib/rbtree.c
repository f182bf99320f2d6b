/*
 * rbtree.c - red-black tree insertion and deletion (after CLRS, 3rd ed.,
 * sections 13.2-13.4, with NULL leaves instead of a sentinel node).
 *
 * Augmented trees (rb_insert_augmented, rb_erase_augmented) keep a value
 * per node that summarises its subtree.  Three things change a subtree:
 * linking or unlinking a node (its ancestors: propagate), a node moving
 * into another's place (the successor in erase: copy) and a rotation (the
 * two rotated nodes: rotate).  The callbacks are those of Linux's
 * include/linux/rbtree_augmented.h (struct rb_augment_callbacks); where
 * they are called follows from the CLRS code below.  The code is written
 * once and inlined twice, into the plain and the augmented entry points:
 * in the plain ones aug is NULL at compile time and every callback test
 * disappears, so CFS's tree costs what it did before augmenting existed.
 */
#include <stddef.h>
#include "kernel/lib/rbtree.h"

static int
is_red(const struct rb_node *n)
{
	return n && n->red;
}

/* Point whatever pointed at old (its parent's link, or the root) at new. */
static void
replace_child(struct rb_root *root, struct rb_node *old, struct rb_node *new)
{
	struct rb_node *p = old->parent;

	if (!p)
		root->node = new;
	else if (p->left == old)
		p->left = new;
	else
		p->right = new;
	if (new)
		new->parent = p;
}

/* x's right child y takes x's place; x becomes y's left child.  y now
 * roots x's old subtree, x a smaller one: aug->rotate(x, y) fixes both. */
static __attribute__((always_inline)) inline void
rotate_left(struct rb_root *root, struct rb_node *x,
	    const struct rb_augment *aug)
{
	struct rb_node *y = x->right;

	x->right = y->left;
	if (y->left)
		y->left->parent = x;
	replace_child(root, x, y);
	y->left = x;
	x->parent = y;
	if (aug)
		aug->rotate(x, y);
}

static __attribute__((always_inline)) inline void
rotate_right(struct rb_root *root, struct rb_node *x,
	     const struct rb_augment *aug)
{
	struct rb_node *y = x->left;

	x->left = y->right;
	if (y->right)
		y->right->parent = x;
	replace_child(root, x, y);
	y->right = x;
	x->parent = y;
	if (aug)
		aug->rotate(x, y);
}

/* n is red and may have a red parent: push the violation up. */
static __attribute__((always_inline)) inline void
insert_fixup(struct rb_root *root, struct rb_node *n,
	     const struct rb_augment *aug)
{
	while (is_red(n->parent)) {
		struct rb_node *p = n->parent, *g = p->parent;
		int left = (p == g->left);
		struct rb_node *uncle = left ? g->right : g->left;

		if (is_red(uncle)) {		/* recolour, continue above */
			p->red = uncle->red = 0;
			g->red = 1;
			n = g;
			continue;
		}
		if (n == (left ? p->right : p->left)) {	/* zig-zag */
			n = p;
			if (left)
				rotate_left(root, n, aug);
			else
				rotate_right(root, n, aug);
			p = n->parent;
		}
		p->red = 0;			/* zig-zig */
		g->red = 1;
		if (left)
			rotate_right(root, g, aug);
		else
			rotate_left(root, g, aug);
	}
	root->node->red = 0;
}

/* n was just linked as a red leaf: restore the colours.  The new leaf
 * changes only its ancestors' subtrees, so they are brought up to date
 * before the rotations of the fix-up, which assume every subtree value is
 * right. */
static __attribute__((always_inline)) inline void
insert_linked(struct rb_root *root, struct rb_node *n, struct rb_node *parent,
	      const struct rb_augment *aug)
{
	if (aug && parent)
		aug->propagate(parent, NULL);
	insert_fixup(root, n, aug);
}

void
rb_insert_color(struct rb_root *root, struct rb_node *n)
{
	insert_linked(root, n, n->parent, NULL);
}

void
rb_insert_color_augmented(struct rb_root *root, struct rb_node *n,
			  const struct rb_augment *aug)
{
	insert_linked(root, n, n->parent, aug);
}

/* The whole insertion in one function, for callers without a constant
 * comparison. */
static __attribute__((always_inline)) inline void
insert(struct rb_root *root, struct rb_node *n, rb_less_fn less,
       const struct rb_augment *aug)
{
	struct rb_node *parent, **link;

	rb_find_slot(root, n, less, &parent, &link);
	rb_link_node(n, parent, link);
	insert_linked(root, n, parent, aug);
}

void
rb_insert(struct rb_root *root, struct rb_node *n, rb_less_fn less)
{
	insert(root, n, less, NULL);
}

void
rb_insert_augmented(struct rb_root *root, struct rb_node *n, rb_less_fn less,
		    const struct rb_augment *aug)
{
	insert(root, n, less, aug);
}

/* x (maybe NULL, child of parent) carries an extra black: resolve it. */
static __attribute__((always_inline)) inline void
erase_fixup(struct rb_root *root, struct rb_node *x, struct rb_node *parent,
	    const struct rb_augment *aug)
{
	while (x != root->node && !is_red(x)) {
		int left = (x == parent->left);
		struct rb_node *w = left ? parent->right : parent->left;

		if (is_red(w)) {		/* case 1: red sibling */
			w->red = 0;
			parent->red = 1;
			if (left)
				rotate_left(root, parent, aug);
			else
				rotate_right(root, parent, aug);
			w = left ? parent->right : parent->left;
		}
		if (!is_red(w->left) && !is_red(w->right)) {	/* case 2 */
			w->red = 1;
			x = parent;
			parent = x->parent;
			continue;
		}
		if (left && !is_red(w->right)) {	/* case 3 */
			w->left->red = 0;
			w->red = 1;
			rotate_right(root, w, aug);
			w = parent->right;
		} else if (!left && !is_red(w->left)) {
			w->right->red = 0;
			w->red = 1;
			rotate_left(root, w, aug);
			w = parent->left;
		}
		w->red = parent->red;		/* case 4 */
		parent->red = 0;
		if (left) {
			w->right->red = 0;
			rotate_left(root, parent, aug);
		} else {
			w->left->red = 0;
			rotate_right(root, parent, aug);
		}
		x = root->node;
		break;
	}
	if (x)
		x->red = 0;
}

/*
 * Unlink n.  With two children its successor y (leftmost on the right)
 * takes its place: y inherits n's subtree value (copy), which is then
 * recomputed upwards from where the change happened - y's old parent up to
 * y, then y and its ancestors - before the fix-up rotates anything.
 */
static __attribute__((always_inline)) inline void
erase(struct rb_root *root, struct rb_node *n, const struct rb_augment *aug)
{
	struct rb_node *x, *xparent, *low;
	int removed_red = n->red;

	if (!n->left || !n->right) {
		x = n->left ? n->left : n->right;
		xparent = low = n->parent;
		replace_child(root, n, x);
	} else {
		struct rb_node *y = n->right;	/* successor: leftmost on the right */
		while (y->left)
			y = y->left;
		removed_red = y->red;
		x = y->right;
		if (y->parent == n) {
			xparent = y;
		} else {
			xparent = y->parent;
			replace_child(root, y, x);
			y->right = n->right;
			y->right->parent = y;
		}
		replace_child(root, n, y);
		y->left = n->left;
		y->left->parent = y;
		y->red = n->red;
		if (aug) {
			aug->copy(n, y);
			if (xparent != y)
				aug->propagate(xparent, y);
		}
		low = y;
	}
	if (aug && low)
		aug->propagate(low, NULL);
	if (!removed_red)
		erase_fixup(root, x, xparent, aug);
	n->parent = n->left = n->right = NULL;
}

void
rb_erase(struct rb_root *root, struct rb_node *n)
{
	erase(root, n, NULL);
}

void
rb_erase_augmented(struct rb_root *root, struct rb_node *n,
		   const struct rb_augment *aug)
{
	erase(root, n, aug);
}

struct rb_node *
rb_first(const struct rb_root *root)
{
	struct rb_node *n = root->node;

	while (n && n->left)
		n = n->left;
	return n;
}

struct rb_node *
rb_last(const struct rb_root *root)
{
	struct rb_node *n = root->node;

	while (n && n->right)
		n = n->right;
	return n;
}

struct rb_node *
rb_next(const struct rb_node *n)
{
	const struct rb_node *p;

	if (n->right) {
		n = n->right;
		while (n->left)
			n = n->left;
		return (struct rb_node *)n;
	}
	while ((p = n->parent) && n == p->right)
		n = p;
	return (struct rb_node *)p;
}

int
rb_check(const struct rb_node *n)
{
	int l, r;

	if (!n)
		return 1;
	if (n->red && (is_red(n->left) || is_red(n->right)))
		return -1;
	if ((n->left && n->left->parent != n) ||
	    (n->right && n->right->parent != n))
		return -1;
	l = rb_check(n->left);
	r = rb_check(n->right);
	if (l < 0 || r < 0 || l != r)
		return -1;
	return l + !n->red;
}
