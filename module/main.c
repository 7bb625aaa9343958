// SPDX-License-Identifier: GPL-2.0
/* csumbench.ko: the kernel-space executor of csumbench
 * (docs/kernel-space.md).  /dev/csumbench takes the harness's requests
 * (csumbench-uapi.h):
 * the kernels it has, their bytes, buffers, the gate, a sum, a timed
 * region.  Planning, rounds, statistics and results stay in user space.
 * Requests are served one at a time.
 */
#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/miscdevice.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/utsname.h>

#include "arch.h"
#include "csumbench.h"

/* The harness's kernels are called through pointers; kCFI would trap
   every such call to an assembly entry it never typed. */
#ifdef CONFIG_CFI_CLANG
#error "csumbench.ko: a kernel built with CONFIG_CFI_CLANG cannot call its assembly kernels"
#endif

static DEFINE_MUTEX(csb_lock);
static u64 tick_hz;
u32 csb_line = L1_CACHE_BYTES;

u64 csb_tick_hz(void)
{
	return tick_hz;
}

/* get_cycles() against ktime over 50 ms, once, at load. */
static void calibrate(void)
{
	cycles_t c0, c1;
	u64 n0, n1;

	c0 = get_cycles();
	n0 = ktime_get_ns();
	msleep(50);
	c1 = get_cycles();
	n1 = ktime_get_ns();
	tick_hz = n1 > n0 ? mul_u64_u64_div_u64((u64)(c1 - c0), 1000000000ull,
						n1 - n0) : 0;
}

/* The size kallsyms gives the function at addr ("name+0x0/0x1a4"). */
static u32 symbol_size(const void *addr)
{
	char buf[KSYM_SYMBOL_LEN];
	const char *slash;
	unsigned long size;

	sprint_symbol(buf, (unsigned long)addr);
	slash = strchr(buf, '/');
	if (!slash)
		return 0;
	buf[strcspn(buf, " ")] = '\0';
	if (kstrtoul(slash + 1, 16, &size) || size > (1u << 20))
		return 0;
	return (u32)size;
}

static void copy_name(char *to, const char *from, size_t n)
{
	strscpy(to, from ? from : "", n);
}

static long do_info(void __user *arg)
{
	struct csb_info i = {
		.api = CSB_API, .nkernels = csb_nkernels, .tick_hz = tick_hz,
		.bound_ns = CSB_BOUND_NS, .over_bound = csb_over_bound,
		.line = csb_line, .max_len = CSB_MAX_LEN,
		.max_calls = CSB_MAX_CALLS, .max_align = CSB_MAX_ALIGN,
	};

	copy_name(i.timer, CSB_TIMER, sizeof(i.timer));
	copy_name(i.flush, CSB_FLUSH, sizeof(i.flush));
	copy_name(i.release, utsname()->release, sizeof(i.release));
	copy_name(i.version, utsname()->version, sizeof(i.version));
	copy_name(i.arch, CSB_ARCH, sizeof(i.arch));
	return copy_to_user(arg, &i, sizeof(i)) ? -EFAULT : 0;
}

static struct csb_k *kernel_at(u32 index)
{
	return index < csb_nkernels ? &csb_kernels[index] : NULL;
}

static long do_kernel(void __user *arg)
{
	struct csb_kernel o;
	struct csb_k *k;

	if (copy_from_user(&o, arg, sizeof(o)))
		return -EFAULT;
	k = kernel_at(o.index);
	if (!k)
		return -ENOENT;
	memset(&o, 0, sizeof(o));
	o.index = (u32)(k - csb_kernels);
	o.op = k->op;
	o.flags = k->flags;
	o.pf_step = k->pf_step;
	o.addr = (u64)(unsigned long)k->code;
	o.size = symbol_size(k->code);
	copy_name(o.name, k->name, sizeof(o.name));
	copy_name(o.nopf, k->nopf, sizeof(o.nopf));
	copy_name(o.sym, k->sym, sizeof(o.sym));
	copy_name(o.desc, k->desc, sizeof(o.desc));
	return copy_to_user(arg, &o, sizeof(o)) ? -EFAULT : 0;
}

static long do_code(void __user *arg)
{
	struct csb_code c;
	struct csb_k *k;
	void *bytes;
	long err;
	u32 size;

	if (copy_from_user(&c, arg, sizeof(c)))
		return -EFAULT;
	k = kernel_at(c.index);
	if (!k)
		return -ENOENT;
	size = symbol_size(k->code);
	if (!size)
		return -ENODATA;
	if (c.len < size)
		return -E2BIG;
	/* through a copy: hardened usercopy refuses (BUG) a copy to user
	   space straight from kernel text */
	bytes = kmemdup(k->code, size, GFP_KERNEL);
	if (!bytes)
		return -ENOMEM;
	err = copy_to_user(u64_to_user_ptr(c.buf), bytes, size) ? -EFAULT : 0;
	kfree(bytes);
	if (err)
		return err;
	c.len = size;
	return copy_to_user(arg, &c, sizeof(c)) ? -EFAULT : 0;
}

/* A distance means nothing to a kernel that does not prefetch. */
static s32 dist_of(const struct csb_k *k, s32 dist)
{
	return k->flags & CSB_PREFETCH ? dist : 0;
}

static long do_gate(void __user *arg)
{
	struct csb_gate g;
	struct csb_k *k;
	u32 *sizes = NULL, *aligns = NULL, i;
	long err;

	if (copy_from_user(&g, arg, sizeof(g)))
		return -EFAULT;
	k = kernel_at(g.index);
	if (!k)
		return -ENOENT;
	if (!g.nsizes || !g.naligns || g.nsizes > CSB_MAX_LIST ||
	    g.naligns > CSB_MAX_LIST || g.dist < -1 || g.dist > (s32)CSB_MAX_PF)
		return -EINVAL;
	g.dist = dist_of(k, g.dist);
	/* (vmemdup: a list of CSB_MAX_LIST is half a megabyte) */
	sizes = vmemdup_user(u64_to_user_ptr(g.sizes), g.nsizes * sizeof(u32));
	if (IS_ERR(sizes))
		return PTR_ERR(sizes);
	aligns = vmemdup_user(u64_to_user_ptr(g.aligns), g.naligns * sizeof(u32));
	if (IS_ERR(aligns)) {
		kvfree(sizes);
		return PTR_ERR(aligns);
	}
	err = 0;
	for (i = 0; i < g.nsizes && !err; i++)
		if (!sizes[i] || sizes[i] > CSB_MAX_LEN ||
		    (k->op == CSB_OP_IP_FAST_CSUM &&
		     (sizes[i] < 20 || sizes[i] > 60 || sizes[i] % 4)))
			err = -EINVAL;
	for (i = 0; i < g.naligns && !err; i++)
		if (aligns[i] > CSB_MAX_ALIGN)
			err = -EINVAL;
	g.why[0] = '\0';
	if (!err)
		err = csb_gate(k, &g, sizes, aligns);
	kvfree(sizes);
	kvfree(aligns);
	if (err == -EDOM && copy_to_user(arg, &g, sizeof(g)))
		return -EFAULT;
	return err;
}

static long do_sum(void __user *arg)
{
	struct csb_sum s;
	struct csb_k *k;
	long err;

	if (copy_from_user(&s, arg, sizeof(s)))
		return -EFAULT;
	k = kernel_at(s.index);
	if (!k)
		return -ENOENT;
	if (s.len > CSB_MAX_LEN || s.dist < -1 || s.dist > (s32)CSB_MAX_PF)
		return -EINVAL;
	s.dist = dist_of(k, s.dist);
	err = csb_sum(k, &s);
	if (err)
		return err;
	return copy_to_user(arg, &s, sizeof(s)) ? -EFAULT : 0;
}

static long do_time(void __user *arg)
{
	struct csb_time t;
	struct csb_k *k;
	long err;

	if (copy_from_user(&t, arg, sizeof(t)))
		return -EFAULT;
	k = kernel_at(t.index);
	if (!k)
		return -ENOENT;
	if (t.len > CSB_MAX_LEN)
		return -EINVAL;
	t.dist = dist_of(k, t.dist);
	err = csb_time(k, &t);
	if (err)
		return err;
	return copy_to_user(arg, &t, sizeof(t)) ? -EFAULT : 0;
}

static long csb_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	void __user *p = (void __user *)arg;
	struct csb_setup s;
	long err;

	if (mutex_lock_interruptible(&csb_lock))
		return -EINTR;
	switch (cmd) {
	case CSB_IOC_INFO:
		err = do_info(p);
		break;
	case CSB_IOC_KERNEL:
		err = do_kernel(p);
		break;
	case CSB_IOC_CODE:
		err = do_code(p);
		break;
	case CSB_IOC_SETUP:
		err = copy_from_user(&s, p, sizeof(s)) ? -EFAULT : csb_setup(&s);
		if (!err && copy_to_user(p, &s, sizeof(s)))
			err = -EFAULT;
		break;
	case CSB_IOC_GATE:
		err = do_gate(p);
		break;
	case CSB_IOC_SUM:
		err = do_sum(p);
		break;
	case CSB_IOC_TIME:
		err = do_time(p);
		break;
	default:
		err = -ENOTTY;
	}
	mutex_unlock(&csb_lock);
	return err;
}

/* One run at a time holds the device; its buffers and what passed its
   gate go when it closes it. */
static atomic_t csb_open_count = ATOMIC_INIT(0);

static int csb_open(struct inode *inode, struct file *f)
{
	if (atomic_cmpxchg(&csb_open_count, 0, 1) != 0)
		return -EBUSY;
	return 0;
}

static int csb_release(struct inode *inode, struct file *f)
{
	mutex_lock(&csb_lock);
	csb_free();
	csb_kernels_free();
	mutex_unlock(&csb_lock);
	atomic_set(&csb_open_count, 0);
	return 0;
}

static const struct file_operations csb_fops = {
	.owner = THIS_MODULE,
	.open = csb_open,
	.release = csb_release,
	.unlocked_ioctl = csb_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
	.llseek = noop_llseek,
};

static struct miscdevice csb_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "csumbench",
	.fops = &csb_fops,
	.mode = 0600,
};

static int __init csb_init(void)
{
	csb_kernels_init();
	calibrate();
	return misc_register(&csb_dev);
}

static void __exit csb_exit(void)
{
	misc_deregister(&csb_dev);
	csb_free();
	csb_kernels_free();
}

module_init(csb_init);
module_exit(csb_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("csumbench: time checksum kernels, the kernel's own among them, in kernel space");
