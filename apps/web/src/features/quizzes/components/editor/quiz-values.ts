import type { CreateQuiz, Quiz, QuizReveal, UpdateQuiz } from '@agora/shared';

/** The quiz form's fields, as the inputs hold them (numbers and times as typed). */
export interface QuizFormValues {
  question: string;
  explanation: string;
  answers: { text: string; correct: boolean }[];
  multiple: boolean;
  /** Seconds as typed; empty for no time limit. */
  timeLimitSeconds: string;
  /** A `datetime-local` value in the member's time zone; empty for no closing time. */
  closesAt: string;
  tags: string[];
  status: 'draft' | 'published';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in this browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value as an ISO instant; an unreadable one is passed on for the schema to refuse. */
function toInstant(local: string): string | null {
  if (local.trim() === '') return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/** Typed seconds as a number for the schema (which refuses fractions and non-numbers). */
function toSeconds(typed: string): number | null {
  return typed.trim() === '' ? null : Number(typed);
}

/** The form's first values: an empty quiz with two answers, or the quiz being edited. */
export function initialValues(quiz?: Quiz, reveal?: QuizReveal | null): QuizFormValues {
  if (!quiz) {
    return {
      question: '',
      explanation: '',
      answers: [
        { text: '', correct: true },
        { text: '', correct: false },
      ],
      multiple: false,
      timeLimitSeconds: '',
      closesAt: '',
      tags: [],
      status: 'published',
    };
  }
  // The author's own quiz carries its reveal: the correct answers and the explanation.
  return {
    question: quiz.question,
    explanation: reveal?.explanation ?? '',
    answers: quiz.answers.map((answer) => ({
      text: answer.text,
      correct: reveal?.correctAnswers.includes(answer.id) ?? false,
    })),
    multiple: quiz.multiple,
    timeLimitSeconds: quiz.timeLimitSeconds === null ? '' : String(quiz.timeLimitSeconds),
    closesAt: toLocalInput(quiz.closesAt),
    tags: quiz.tags,
    status: quiz.status === 'draft' ? 'draft' : 'published',
  };
}

/** POST `quizs/`: every field. */
export function toCreate(values: QuizFormValues): CreateQuiz {
  return {
    question: values.question,
    explanation: values.explanation,
    answers: values.answers,
    multiple: values.multiple,
    timeLimitSeconds: toSeconds(values.timeLimitSeconds),
    closesAt: toInstant(values.closesAt),
    tags: values.tags,
    status: values.status,
  };
}

/**
 * PATCH `quizs/{id}/`: the texts, tags and status always; the answers, "choose all that apply"
 * and the time limit only while no one has answered; the closing time only when it changed (an
 * unchanged one may already lie in the past, which the server refuses).
 */
export function toUpdate(values: QuizFormValues, quiz: Quiz): UpdateQuiz {
  const closesAt =
    values.closesAt === toLocalInput(quiz.closesAt) ? {} : { closesAt: toInstant(values.closesAt) };
  const answers = quiz.answersEditable
    ? {
        answers: values.answers,
        multiple: values.multiple,
        timeLimitSeconds: toSeconds(values.timeLimitSeconds),
      }
    : {};
  return {
    question: values.question,
    explanation: values.explanation,
    tags: values.tags,
    status: values.status,
    ...answers,
    ...closesAt,
  };
}
