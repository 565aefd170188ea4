// Written Refit 16's way: a context with web defaults, given to Refit's own entry points and once to RefitStj.
using System;
using System.Collections.Generic;
using System.Net.Http;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Refit;
using RefitStj;

namespace Refit16WebDefaults;

public enum TicketPriority { Low, Normal, Urgent }

public sealed record Ticket(int Id, string Title, TicketPriority Priority);

public sealed record TicketNote(string Text);

public interface IHelpdeskApi
{
    [Get("/tickets/{id}")]
    Task<Ticket> Get(int id);

    [Post("/tickets/{id}/notes")]
    Task AddNote(int id, [Body] TicketNote note);
}

[JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]
[JsonSerializable(typeof(Ticket))]
internal sealed partial class HelpdeskJsonContext : JsonSerializerContext
{
}
