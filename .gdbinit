# .gdbinit - Quanta's gdb set-up, loaded by "make gdb" and "make gdb-attach"
# (gdb -q -nx -x .gdbinit -ex "target remote :PORT").  See docs/debugging.md.
#
# The commands below are plain gdb command language, so every line can be
# read and copied; the ones that walk the scheduler's structures (k-ps,
# k-rq, k-task, k-trace, k-dmesg, $k_current, $k_rq, k-help) are Python,
# in tools/gdb/quanta.py.  Each QEMU vCPU is a gdb thread: thread N is
# normally Quanta's cpu N-1 (check with "p $gs": cpu i runs with GS
# selector 0x30 + 24*i).

set architecture i386
# The kernel: $QUANTA_KERNEL (make gdb GDB_BUILD=1 sets it), else
# build/kernel.elf.
python
import os
gdb.execute("file " + os.environ.get("QUANTA_KERNEL", "build/kernel.elf"))
end
source tools/gdb/quanta.py

set pagination off
set confirm off
set print pretty on

# k-cpus: one line per online CPU from the global array cpus[0 .. ncpu-1]
# (struct cpu, kernel/cpu.h).
define k-cpus
	if ncpu == 0
		printf "ncpu is 0: kmain has not brought the boot CPU online yet\n"
	end
	set $k_i = 0
	while $k_i < ncpu
		set $k_c = &cpus[$k_i]
		printf "cpu%d apic %u online %d: ticks %llu idle_ns %llu irqs %llu resched_ipis %llu call_ipis %llu ncli %d intena %d\n", $k_c->id, $k_c->apic_id, $k_c->online, $k_c->ticks, $k_c->idle_ns, $k_c->irqs, $k_c->resched_ipis, $k_c->call_ipis, $k_c->ncli, $k_c->intena
		set $k_i = $k_i + 1
	end
end
document k-cpus
Print each online CPU's counters from cpus[0 .. ncpu-1]: id, APIC id,
ticks, idle_ns, irqs, resched_ipis, call_ipis, ncli and intena.
end

# k-lock ADDR-EXPR: a struct spinlock (kernel/spinlock.h) and who holds it.
define k-lock
	if $argc != 1
		printf "usage: k-lock ADDR-EXPR   (e.g. k-lock &printk_lock)\n"
	else
		set $k_lk = (struct spinlock *)($arg0)
		printf "lock '%s' at %p: locked %u", $k_lk->name, $k_lk, $k_lk->locked
		if $k_lk->cpu != 0
			printf ", held by cpu%d, taken at %p\n", $k_lk->cpu->id, $k_lk->pc
			info symbol $k_lk->pc
		else
			printf ", no holder recorded\n"
		end
	end
end
document k-lock
k-lock ADDR-EXPR: print the struct spinlock at ADDR-EXPR: its name, locked
word, the holding CPU's id and the place (pc, symbolized) it was taken
(SCHED_DEBUG builds: a release build records no holder).
Example: k-lock &printk_lock
end

# k-bt-trap TF: a struct trapframe (arch/x86/trap.h), where it was taken,
# and the interrupted code's frame-pointer chain.
define k-bt-trap
	if $argc != 1
		printf "usage: k-bt-trap TF   (e.g. k-bt-trap tf in trap())\n"
	else
		set $k_tf = (struct trapframe *)($arg0)
		print/x *$k_tf
		printf "trap %u (0x%x) err 0x%x from ", $k_tf->trapno, $k_tf->trapno, $k_tf->err
		if $k_tf->cs & 3
			printf "user mode, user esp 0x%x\n", $k_tf->esp
		else
			printf "kernel mode\n"
		end
		printf "eip %p: ", $k_tf->eip
		info symbol $k_tf->eip
		# The same walk as backtrace_print() (arch/x86/backtrace.c):
		# [ebp] is the caller's ebp, [ebp+4] the return address.
		set $k_fp = $k_tf->ebp
		set $k_n = 0
		while $k_fp >= 0xc0000000 && $k_n < 24
			set $k_ret = *(unsigned int *)($k_fp + 4)
			if $k_ret == 0
				loop_break
			end
			printf "  called from %p: ", $k_ret - 1
			info symbol $k_ret - 1
			set $k_next = *(unsigned int *)$k_fp
			if $k_next <= $k_fp
				loop_break
			end
			set $k_fp = $k_next
			set $k_n = $k_n + 1
		end
	end
end
document k-bt-trap
k-bt-trap TF: print the struct trapframe at TF, the symbol of its eip and
the chain of return addresses from its saved ebp (like a panic backtrace).
Example, stopped in timer_interrupt: k-bt-trap tf
end

# k-help is defined in tools/gdb/quanta.py (it lists these too).
