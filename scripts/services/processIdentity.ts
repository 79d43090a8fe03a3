/**
 * Pids are reused, and soon where `pid_max` is 32768 and the e2e files run side by side, spawning
 * thousands of processes: a kill by a pid noted earlier must first check the pid is still the process
 * noted. Linux keeps a process' start time (field 22 of /proc/<pid>/stat, clock ticks since boot); the
 * pair (pid, start time) names one process for good.
 */
import { readFileSync } from 'node:fs';

/** The start time of `pid`, or '' when no such process exists (or /proc cannot say). */
export function startTimeOf(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so count after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

/**
 * Whether the process group led by `pid` may be signalled as the one noted at `startTime`: its leader is
 * still that process, or the leader is gone (the group, if any member is left, is still the same one: a
 * pid that is some group's id is not given to a new process).
 */
export function sameGroup(pid: number, startTime: string): boolean {
  const now = startTimeOf(pid);
  return now === '' || now === startTime;
}

/** Whether a process `pid` exists (owned by another user counts: the kill is refused, not missing). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
