interface AuthHeadingProps {
  title: string;
  description?: string;
}

export function AuthHeading({ title, description }: AuthHeadingProps) {
  return (
    <div className="mb-6">
      <h1 className="text-xl font-semibold">{title}</h1>
      {description && <p className="mt-1 text-muted">{description}</p>}
    </div>
  );
}
