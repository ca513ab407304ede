import { Progress } from '../../../components/ui/progress';
import { cn } from '../../../lib/cn';

const LEVELS = [
  { label: 'Muito fraca', bar: 'bg-danger' },
  { label: 'Fraca', bar: 'bg-danger' },
  { label: 'Razoável', bar: 'bg-warning' },
  { label: 'Boa', bar: 'bg-accent-500' },
  { label: 'Forte', bar: 'bg-success' },
];

/** A rough guide while typing: length and variety of characters. The server has the final word. */
export function scorePassword(password: string): number {
  if (!password) return 0;
  const variety = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password)).length;
  const length = password.length >= 16 ? 2 : password.length >= 8 ? 1 : 0;
  return Math.min(4, length + Math.max(0, variety - 1));
}

export function PasswordStrength({ password }: { password: string }) {
  const score = scorePassword(password);
  const level = LEVELS[score] ?? LEVELS[0];
  if (!password || !level) return null;
  return (
    <div className="-mt-2 flex items-center gap-3" aria-live="polite">
      <Progress value={score * 25} label="Força da senha" className="flex-1" barClassName={level.bar} />
      <span className={cn('w-24 text-right text-sm text-muted')}>{level.label}</span>
    </div>
  );
}
