const OBJECTIVES = [
  { title: "Peacebuilding", text: "Open dialogue between young people and leaders on security, tolerance and living together." },
  { title: "Civic engagement", text: "Practical ways for youth to take part in governance, community service and public life." },
  { title: "Inclusive development", text: "Skills, enterprise and opportunity for every young person, in every local government." },
];

export function About({ about, speakerCount, registeredCount }: { about: string; speakerCount: number; registeredCount: number }) {
  const stats = [
    { value: String(speakerCount), label: "Speakers" },
    { value: "8", label: "Hours of Content" },
    { value: String(registeredCount), label: "Registered" },
    { value: "70+", label: "Youth Leaders" },
  ];
  return (
    <section id="about" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4">
        <h2 className="text-center text-3xl font-bold text-gray-900">About the Summit</h2>
        <p className="mx-auto mt-4 max-w-3xl text-center text-lg text-gray-600">{about}</p>
        <div className="mt-10 grid gap-4 md:grid-cols-3">
          {OBJECTIVES.map((o) => (
            <div key={o.title} className="rounded-2xl border border-gray-200 p-6">
              <h3 className="text-lg font-semibold text-brand-800">{o.title}</h3>
              <p className="mt-2 text-gray-600">{o.text}</p>
            </div>
          ))}
        </div>
        <ul className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-4">
          {stats.map((s) => (
            <li key={s.label} className="rounded-2xl bg-brand-50 p-5 text-center">
              <span className="block text-3xl font-extrabold text-brand-800">{s.value}</span>
              <span className="mt-1 block text-sm font-medium text-gray-700">{s.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
